import { MESSAGES, type MessageKey, messageKeyOf } from '@signage/domain';
import type { TFunction } from 'i18next';
import { textOr } from './keys';

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/**
 * A server message in the user's language when it is a catalogue text; anything else as is. A catalogue
 * text followed by ': ' and names (the schedule rules name the content, player or schedules concerned) is
 * translated up to the colon and keeps the names.
 */
export function translateMessage(t: TFunction, text: string): string {
  const key = messageKeyOf(text);
  if (key) return t(`messages.${key}`);
  const colon = text.indexOf(': ');
  const head = colon > 0 ? messageKeyOf(text.slice(0, colon)) : undefined;
  return head ? `${t(`messages.${head}`)}: ${text.slice(colon + 2)}` : text;
}

/** A key of the message catalogue or any i18n key, translated; an unknown key shows as is. */
export function translateKey(t: TFunction, key: string): string {
  return isMessageKey(key) ? t(`messages.${key}`) : textOr(t, key, key);
}

/** Dotted names such as 'contents.detail.updated': never a sentence a person or the server wrote. */
const I18N_KEY = /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/;

/**
 * The text of a banner (SPEC.md section 2): 'prefix~key' shows the prefix as is followed by the
 * translated key; a bare i18n key and a plain catalogue text are translated; anything else shows as is.
 */
export function bannerText(t: TFunction, text: string): string {
  const separator = text.indexOf('~');
  if (separator >= 0) return text.slice(0, separator) + translateKey(t, text.slice(separator + 1));
  if (I18N_KEY.test(text)) return t(text, { defaultValue: text });
  return translateMessage(t, text);
}
