import { type RefObject, useEffect } from 'react';

/**
 * Calls `load` whenever the sentinel element comes into view (or is in view once a page has
 * arrived: `pages` changes), so scrolling to the end loads the next page and a short page that
 * leaves the end visible keeps loading.
 */
export function useLoadOnScroll(
  sentinel: RefObject<HTMLElement | null>,
  { enabled, pages, load }: { enabled: boolean; pages: number; load: () => void },
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page re-observes, so an end still in view loads again.
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, pages, load]);
}
