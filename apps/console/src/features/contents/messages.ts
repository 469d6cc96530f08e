import { CONTENT_MESSAGES, type ContentMessageKey } from '@signage/domain';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';

const contentKeyOf = new Map(
  Object.entries(CONTENT_MESSAGES).map(([key, text]) => [text as string, key as ContentMessageKey]),
);

/**
 * A server message as a banner text: the contents feature's own messages become their i18n key (the
 * banner translates keys), the spec's catalogue texts stay as they are (the banner translates those too).
 */
export function bannerTextOf(message: string): string {
  const key = contentKeyOf.get(message);
  return key ? `contents.serverMessages.${key}` : message;
}

/** A server message in the user's language, for inline display. */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = contentKeyOf.get(message);
  return key ? t(`contents.serverMessages.${key}`) : translateMessage(t, message);
}
