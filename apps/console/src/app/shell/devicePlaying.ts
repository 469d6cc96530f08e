import { create } from 'zustand';
import { useOverlay } from '../../ui/useOverlay';

/** The player whose 'now playing' overlay is open (kept after closing so the modal can animate out). */
export const useDevicePlaying = create<{ deviceCode: string | null }>()(() => ({ deviceCode: null }));

/** Opens the device playing list overlay (SPEC.md section 2, Shell) on a player; the shell hosts it. */
export function openDevicePlaying(deviceCode: string): void {
  useDevicePlaying.setState({ deviceCode });
  useOverlay.getState().show('devicePlayingList');
}

/** Opens the device help overlay: what each player state means. */
export function openDeviceHelp(): void {
  useOverlay.getState().show('deviceHelp');
}
