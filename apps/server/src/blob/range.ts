export interface ResolvedRange {
  start: number;
  end: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads an HTTP Range header (RFC 9110 section 14) against an object of `totalSize` bytes.
 * - null: no usable range, serve the whole object with 200 (absent, another unit, several ranges,
 *   or a malformed / reversed range, which the RFC says to ignore);
 * - 'unsatisfiable': answer 416, with the Content-Range of `contentRange(null, totalSize)`;
 * - otherwise the inclusive range to serve with 206, end clamped to the last byte.
 */
export function parseRange(header: string | undefined, totalSize: number): ResolvedRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;

  if (first === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || totalSize === 0) return 'unsatisfiable';
    return { start: Math.max(0, totalSize - suffix), end: totalSize - 1 };
  }

  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return null;
  if (start >= totalSize) return 'unsatisfiable';
  return { start, end: Math.min(end, totalSize - 1) };
}

/** The Content-Range value for a 206 (range) or a 416 (no range). */
export function contentRange(range: ResolvedRange | null, totalSize: number): string {
  return range ? `bytes ${range.start}-${range.end}/${totalSize}` : `bytes */${totalSize}`;
}
