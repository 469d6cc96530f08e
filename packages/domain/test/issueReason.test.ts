import { describe, expect, it } from 'vitest';
import { ALIVE_WINDOW_MS, issueReasonOf } from '../src';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('issueReasonOf: why a player shows Issue', () => {
  it('has no reason for a live player', () => {
    expect(issueReasonOf({ is_alive: true, last_accessed: ago(1000) }, now)).toBeNull();
  });

  it('tells a player that never reported', () => {
    expect(issueReasonOf({ is_alive: false, last_accessed: null }, now)).toEqual({ kind: 'neverConnected' });
  });

  it('tells an error reported within the alive window', () => {
    const at = ago(10_000);
    expect(issueReasonOf({ is_alive: false, last_accessed: at }, now)).toEqual({ kind: 'errorReported', at });
  });

  it('tells since when a silent player is offline, even if its last report was fine', () => {
    const since = ago(ALIVE_WINDOW_MS + 60_000);
    expect(issueReasonOf({ is_alive: true, last_accessed: since }, now)).toEqual({ kind: 'offline', since });
    expect(issueReasonOf({ is_alive: false, last_accessed: since }, now)).toEqual({ kind: 'offline', since });
  });
});
