import {
  EMERGENCY_MAX_HOURS,
  isCountry,
  type MessageKey,
  messageKeyOf,
  type TEmergencyPost,
  type TEmergencyTarget,
  ZEmergencyPost,
} from '@signage/domain';
import type { TFunction } from 'i18next';

/** The form as typed: the selection's kind and its values, the content, and how long it lasts. */
export type EmergencyFormValues = {
  by: TEmergencyTarget['by'];
  countries?: string[];
  tag_ids?: string[];
  shop_nos?: string[];
  kind: TEmergencyPost['kind'];
  text?: string;
  content_id?: string;
  minutes: number;
};
export type EmergencyField = keyof EmergencyFormValues;

/** How long a message may be posted for (minutes), up to EMERGENCY_MAX_HOURS. */
export const DURATIONS = [15, 30, 60, 120, 240, 480, 1440, 4320, EMERGENCY_MAX_HOURS * 60] as const;

/** The field each refusal (the server's or the same rules here) belongs to. */
const FIELD_OF: Partial<Record<MessageKey, EmergencyField>> = {
  emergencyEnterText: 'text',
  emergencyTextTooLong: 'text',
  emergencySelectImage: 'content_id',
  emergencyImageUnusable: 'content_id',
  emergencySelectCountry: 'countries',
  selectTags: 'tag_ids',
  enterStoreCode: 'shop_nos',
  emergencyEndInvalid: 'minutes',
  emergencyEndPast: 'minutes',
  emergencyEndTooFar: 'minutes',
  emergencyNoPlayers: 'by',
};

export function targetOf(values: EmergencyFormValues): TEmergencyTarget {
  if (values.by === 'countries') return { by: 'countries', countries: (values.countries ?? []).filter(isCountry) };
  if (values.by === 'tags') return { by: 'tags', tag_ids: values.tag_ids ?? [] };
  if (values.by === 'stores') return { by: 'stores', shop_nos: values.shop_nos ?? [] };
  return { by: 'all' };
}

export function bodyOf(values: EmergencyFormValues, now: Date): TEmergencyPost {
  return {
    target: targetOf(values),
    kind: values.kind,
    text: values.kind === 'text' ? (values.text ?? '') : null,
    content_id: values.kind === 'image' ? (values.content_id ?? null) : null,
    ends_at: new Date(now.getTime() + values.minutes * 60_000).toISOString(),
  };
}

/** A refusal at its field, in the user's language; null when the message belongs to no field. */
export function fieldError(t: TFunction, message: string): { name: EmergencyField; errors: string[] } | null {
  const key = messageKeyOf(message);
  const name = key ? FIELD_OF[key] : undefined;
  return key && name ? { name, errors: [t(`messages.${key}`)] } : null;
}

/** The refusals of the server's own rules (ZEmergencyPost), each at its field, before anything is sent. */
export function fieldErrorsOf(t: TFunction, body: TEmergencyPost) {
  const parsed = ZEmergencyPost.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const error = fieldError(t, issue.message);
    return error ? [error] : [];
  });
}
