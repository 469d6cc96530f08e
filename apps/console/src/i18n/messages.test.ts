// @vitest-environment node
import { MESSAGES } from '@signage/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('translateMessage', () => {
  it('translates a catalogue text, and one followed by the names it concerns', () => {
    expect(translateMessage(t, MESSAGES.scheduleMixedKinds)).toBe('[messages.scheduleMixedKinds]');
    expect(translateMessage(t, `${MESSAGES.scheduleContentInUse}: Spring, Summer`)).toBe(
      '[messages.scheduleContentInUse]: Spring, Summer',
    );
    expect(translateMessage(t, 'Something else: entirely')).toBe('Something else: entirely');
  });
});
