import { create } from 'zustand';
import { useOverlay } from '../../ui/useOverlay';

/** Where the device content list was opened: deleting a schedule then returns there (SPEC.md section 4). */
export type ScheduleOrigin = 'list' | 'detail';

type DeviceContentListState = {
  /** The player whose schedules the overlay lists; kept after closing so the modal can animate out. */
  deviceCode: string | null;
  /** The schedule to show first; null: the current one, else the next, else the newest. */
  scheduleId: string | null;
  origin: ScheduleOrigin;
  /** Counts openings: each one starts on the schedule it was opened for. */
  opened: number;
};

export const useDeviceContentList = create<DeviceContentListState>()(() => ({
  deviceCode: null,
  scheduleId: null,
  origin: 'list',
  opened: 0,
}));

/**
 * Opens the device content list overlay (SPEC.md section 2, Shell) on a player. The shell hosts it, so the
 * player list and player detail open it without knowing the schedules feature.
 */
export function openDeviceContentList(
  deviceCode: string,
  { scheduleId = null, origin }: { scheduleId?: string | null; origin: ScheduleOrigin },
): void {
  useDeviceContentList.setState((state) => ({ deviceCode, scheduleId, origin, opened: state.opened + 1 }));
  useOverlay.getState().show('deviceContentList');
}
