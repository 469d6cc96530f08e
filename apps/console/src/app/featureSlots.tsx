import type { TDevice } from '@signage/domain';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * Pieces one feature shows inside another feature's screen. Features do not import each other
 * (ARCHITECTURE.md section 2): the app composes them here, as the router composes the pages, and the
 * piece's code loads with the screen that shows it.
 */
const PlayerSchedules = lazy(() => import('../features/schedules/timeline/PlayerSchedulesPanel'));

/** Player detail: the player's schedule timeline and the effective-schedule view. */
export function PlayerSchedulesSlot({ device }: { device: TDevice }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <PlayerSchedules device={device} />
    </Suspense>
  );
}
