import type { TFunction } from 'i18next';
import { translateServerMessage } from './messages';

/** Form.Item props that show a field's message (a catalogue text) in the user's language, or nothing. */
export function fieldFeedback<F extends string>(t: TFunction, errors: Partial<Record<F, string>>) {
  return (field: F): { validateStatus?: 'error'; help?: string } => {
    const message = errors[field];
    return message ? { validateStatus: 'error', help: translateServerMessage(t, message) } : {};
  };
}
