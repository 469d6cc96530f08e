import type { HTMLAttributes, ReactNode } from 'react';
import './lite.css';

/**
 * Small display pieces drawn with plain elements as the Ant Design theme draws them (lite.css), for
 * screens whose first load must stay light (issue 15): a status dot, a tag, a count over a button,
 * a card. They hold no behaviour Ant Design would add (closing, animation, tooltips).
 */

/** A coloured dot and its text (Ant Design's Badge with a `status`). */
export function StatusDot({ status, children }: { status: 'success' | 'error' | 'warning'; children: ReactNode }) {
  return <span className={`lt-dot lt-dot-${status}`}>{children}</span>;
}

/** A small label (Ant Design's Tag); `color` as Ant Design's preset names. */
export function Tag({
  color,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: 'blue' | 'error' | 'success' }) {
  return <span className={['lt-tag', color && `lt-tag-${color}`, className].filter(Boolean).join(' ')} {...rest} />;
}

/** A count over the top right corner of its child, shown when above zero (Ant Design's small Badge). */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className="lt-count-host">
      {children}
      {count > 0 ? <sup className="lt-count">{count}</sup> : null}
    </span>
  );
}

/** A white panel with rounded corners (Ant Design's Card without a title). */
export function Card({ children }: { children: ReactNode }) {
  return <div className="lt-card lt-surface">{children}</div>;
}
