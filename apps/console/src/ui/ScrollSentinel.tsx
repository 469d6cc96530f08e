import { useEffect, useRef } from 'react';

/**
 * An invisible line at the end of a list: when the user scrolls it into view (and `active`), `onReach`
 * runs, so reaching the bottom loads more (SPEC.md section 2, cursor loading). A line in view without a
 * scroll (a short page, the pager just clicked) loads nothing: page 2 shows page 2, not pages 2 and 3
 * (issue 31).
 */
export function ScrollSentinel({
  active,
  onReach,
  version,
}: {
  active: boolean;
  onReach: () => void;
  /** Changes when the list grew: the line is observed afresh, in case it is still in view. */
  version: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version observes afresh a line that stayed in view while the list grew
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    let inView = false;
    let scrolled = false;
    const reach = () => {
      if (inView && scrolled) {
        scrolled = false;
        latest.current();
      }
    };
    const onScroll = () => {
      scrolled = true;
      reach();
    };
    const observer = new IntersectionObserver((entries) => {
      inView = entries.some((entry) => entry.isIntersecting);
      reach();
    });
    observer.observe(element);
    // Scroll events do not bubble: caught on the way down, from the window and from the table's own area.
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [active, version]);
  return <div ref={ref} data-testid="scroll-sentinel" style={{ height: 1 }} />;
}
