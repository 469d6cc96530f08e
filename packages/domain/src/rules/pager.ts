import { PAGE_SIZE, PAGER_SPREAD } from '../catalog/constants';

export function maxPageOf(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page buttons: up to PAGER_SPREAD pages either side of the current one (SPEC.md section 2). */
export function pagerPages(current: number, maxPage: number, spread: number = PAGER_SPREAD): number[] {
  const page = Math.min(Math.max(1, current), Math.max(1, maxPage));
  const from = Math.max(1, page - spread);
  const to = Math.min(Math.max(1, maxPage), page + spread);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The text 'x-y / total' of the pager (SPEC.md section 9); `pagesShown` > 1 when scrolling to the bottom
 * has loaded the following pages under the current one.
 */
export function pagerText(page: number, total: number, pageSize: number = PAGE_SIZE, pagesShown = 1): string {
  if (total === 0) return '0-0 / 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min((page - 1 + pagesShown) * pageSize, total);
  return `${first}-${last} / ${total}`;
}
