import { MESSAGES } from '@signage/domain';
import { describe, expect, it } from 'vitest';
import { decodeCountedCursor, decodeCursor, encodeCountedCursor, encodeCursor, searchDigest } from '../src/http/cursor';
import { HttpError } from '../src/http/envelope';

/** The list cursors (src/http/cursor.ts): what each decodes to, and what each refuses with 400. */

const AT = new Date(Date.UTC(2026, 10, 27, 9, 45, 57, 395));
const UUID = '33333333-3333-4333-8333-333333333333';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(decode: () => unknown): HttpError {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('decoded a cursor that is not one of ours');
}

describe('decodeCursor', () => {
  it('reads back what encodeCursor wrote, and null without a cursor', () => {
    expect(decodeCursor(encodeCursor(AT, 'DV0000000010'))).toEqual({ at: AT, key: 'DV0000000010' });
    expect(decodeCursor(encodeCursor(AT, UUID), { uuidKey: true })).toEqual({ at: AT, key: UUID });
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it('refuses with 400 and the message asked for what is not a cursor of ours', () => {
    const bad = [
      'not base64 json',
      raw({ at: 1, key: 'x' }),
      raw([1.5, 'x']),
      raw([-1, 'x']),
      raw([253_402_300_800_000, 'x']),
      raw([1, '']),
      raw([1, 'x', 3]),
      raw(['1', 'x']),
    ];
    for (const text of bad) {
      const error = refusal(() => decodeCursor(text));
      expect(error.status, text).toBe(400);
      expect(error.message, text).toBe(MESSAGES.invalidRequest);
    }
    const forged = refusal(() => decodeCursor(raw([1, 'x']), { uuidKey: true, message: MESSAGES.tagInvalidCursor }));
    expect([forged.status, forged.message]).toEqual([400, MESSAGES.tagInvalidCursor]);
  });
});

describe('decodeCountedCursor', () => {
  const digest = searchDigest({ order: 'DESC', region: null });

  it('carries the total back for the same search only', () => {
    const text = encodeCountedCursor(AT, 'DV0000000010', 98_000, digest);
    expect(decodeCountedCursor(text, digest)).toEqual({ at: AT, key: 'DV0000000010', total: 98_000 });
    expect(decodeCountedCursor(text, searchDigest({ order: 'ASC', region: null }))).toEqual({
      at: AT,
      key: 'DV0000000010',
      total: null,
    });
    expect(decodeCountedCursor(encodeCursor(AT, 'DV0000000010'), digest)).toEqual({
      at: AT,
      key: 'DV0000000010',
      total: null,
    });
    expect(decodeCountedCursor(undefined, digest)).toBeNull();
  });

  it('names a search by its filters, whatever their order, and tells apart searches that differ in a date', () => {
    const since = (iso: string) => ({ region: 'JP', tags: ['a', 'b'], since: new Date(iso), shop: undefined });
    expect(searchDigest({ tags: ['a', 'b'], region: 'JP', since: new Date('2026-01-01T00:00:00Z') })).toBe(
      searchDigest(since('2026-01-01T00:00:00Z')),
    );
    expect(searchDigest(since('2026-01-02T00:00:00Z'))).not.toBe(searchDigest(since('2026-01-01T00:00:00Z')));
    expect(searchDigest({ region: 'JP', tags: ['b', 'a'] })).not.toBe(searchDigest({ region: 'JP', tags: ['a', 'b'] }));
  });

  it('refuses with 400 what is not a cursor of ours', () => {
    const bad = [
      'not base64 json',
      raw([AT.getTime(), 'DV1', -1, digest]),
      raw([AT.getTime(), 'DV1', 1.5, digest]),
      raw([AT.getTime(), 'DV1', 10, '']),
      raw([AT.getTime(), 'DV1', 10, 'x'.repeat(65)]),
      raw([AT.getTime(), 'DV1', 10]),
      raw([AT.getTime(), 'DV1', 10, digest, 'more']),
      raw([AT.getTime(), '', 10, digest]),
    ];
    for (const text of bad) expect(refusal(() => decodeCountedCursor(text, digest)).status, text).toBe(400);
    expect(refusal(() => decodeCountedCursor(raw([1, 'DV1', 3, digest]), digest, { uuidKey: true })).status).toBe(400);
    expect(decodeCountedCursor(raw([1, UUID, 3, digest]), digest, { uuidKey: true })).toEqual({
      at: new Date(1),
      key: UUID,
      total: 3,
    });
  });
});
