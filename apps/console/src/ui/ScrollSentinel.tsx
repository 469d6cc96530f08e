import { useEffect, useRef } from 'react';

/**
 * An invisible line at the end of a list: when it scrolls into view (and `active`), `onReach` runs,
 * so reaching the bottom loads more (SPEC.md section 2, cursor loading).
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
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, version]);
  return <div ref={ref} data-testid="scroll-sentinel" style={{ height: 1 }} />;
}
