import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts an overlay (drawer, dialog) the first time it opens, not with the page: given a component
 * made with React's `lazy`, its code then loads only when it is first wanted, so the first load of a
 * screen carries only what the screen shows at once (issue 15: the player list loads no form, select
 * or modal code until its search drawer or a dialog opens). Once opened it stays mounted, so it closes
 * with its animation and opens again at once.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
