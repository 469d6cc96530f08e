/** The list with the item at `from` moved to `to` (both within the list; anything else leaves it as is). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export const PLAYLIST_PAGE_SIZE = 10;

/** The page an item is on (1-based), so the pager follows an item moved or added off the page. */
export const pageOf = (index: number) => Math.floor(Math.max(0, index) / PLAYLIST_PAGE_SIZE) + 1;
