import { describe, expect, it } from 'vitest';
import { localDayOf, localTimeOf, type ZoneOffset } from '../src/rules/instants';

/** London on 2027-03-28: GMT until 01:00 UTC, then BST (the spring-forward gap, 01:00-02:00 local, skipped). */
const LONDON: ZoneOffset[] = [
  { at: null, minutes: 0 },
  { at: '2027-03-28T01:00:00Z', minutes: 60 },
];

describe("the store's wall clock from the manifest's offsets", () => {
  it('writes HH:mm:ss on 24 hours, with the offset of that moment', () => {
    expect(localTimeOf(LONDON, Date.parse('2027-03-28T00:59:30Z'))).toBe('00:59:30');
    expect(localTimeOf(LONDON, Date.parse('2027-03-28T01:00:00Z'))).toBe('02:00:00');
    expect(localTimeOf(LONDON, Date.parse('2027-03-28T13:08:09Z'))).toBe('14:08:09');
  });

  it('turns the day at the store, not at UTC', () => {
    const tokyo: ZoneOffset[] = [{ at: null, minutes: 540 }];
    const at = Date.parse('2026-11-28T15:08:09Z');
    expect([localDayOf(tokyo, at), localTimeOf(tokyo, at)]).toEqual(['2026-11-29', '00:08:09']);
    const newYork: ZoneOffset[] = [{ at: null, minutes: -300 }];
    expect([localDayOf(newYork, at), localTimeOf(newYork, at)]).toEqual(['2026-11-28', '10:08:09']);
  });
});
