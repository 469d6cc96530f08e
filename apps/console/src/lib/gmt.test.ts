import { describe, expect, it } from 'vitest';
import { formatGmt, formatGmtSeconds, gmtShort } from './gmt';

describe('GMT timestamps', () => {
  const instant = '2026-03-04T05:06:07.890+09:00';
  it('shows an instant in GMT to the minute or the second, whatever offset it came with', () => {
    expect(formatGmt(instant)).toBe('2026-03-03 20:06');
    expect(formatGmtSeconds(instant)).toBe('2026-03-03 20:06:07 GMT');
  });
  it('shows only the time on the same GMT day as now', () => {
    expect(gmtShort(instant, new Date('2026-03-03T23:59:00Z'))).toBe('20:06');
    expect(gmtShort(instant, new Date('2026-03-04T00:00:00Z'))).toBe('2026-03-03 20:06');
  });
  it('shows a dash for no time, and text that is no instant as it came', () => {
    expect(formatGmt(null)).toBe('-');
    expect(formatGmt('soon')).toBe('-');
    expect(formatGmtSeconds('soon')).toBe('soon');
    expect(gmtShort('soon', new Date())).toBe('soon');
  });
});
