import { PAGE_SIZE } from '@signage/domain';
import { useEffect, useState } from 'react';

/** A row of the compact player table (one line a player, issue 31), in CSS pixels. */
export const COMPACT_ROW_PX = 33;
/** What sits above the first row at 1440 px: the header, the page header and the table's header. */
const ABOVE_ROWS_PX = 200;

/**
 * How many pages of ten (SPEC.md section 9's page size) fill a window `height` pixels high with compact rows:
 * at least one. A 900 px screen takes two (20 players in view, issue 31: at least 15), a 768 px one one.
 */
export function pagesFitting(height: number): number {
  return Math.max(1, Math.floor((height - ABOVE_ROWS_PX) / (COMPACT_ROW_PX * PAGE_SIZE)));
}

/** pagesFitting for this window, again when it is resized. */
export function usePagesFitting(): number {
  const [pages, setPages] = useState(() => pagesFitting(window.innerHeight));
  useEffect(() => {
    const onResize = () => setPages(pagesFitting(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return pages;
}
