import { create } from 'zustand';

/** The overlays and dialogs of SPEC.md section 2 (Shell); one is open at a time. */
export type OverlayId =
  | 'countrySelect'
  | 'contentSearch'
  | 'playerSearch'
  | 'logSearch'
  | 'headerMenu'
  | 'deviceContentList'
  | 'devicePlayingList'
  | 'dialog'
  | 'deviceHelp'
  | 'newDeviceRefresh'
  | 'contentPlayer';

type OverlayState = {
  open: OverlayId | null;
  show: (id: OverlayId) => void;
  /** Closes the open overlay, or only `id` when given and it is the open one. */
  close: (id?: OverlayId) => void;
};

export const useOverlay = create<OverlayState>()((set, get) => ({
  open: null,
  show: (id) => set({ open: id }),
  close: (id) => {
    if (id === undefined || get().open === id) set({ open: null });
  },
}));

/** Whether overlay `id` is open, and its open/close actions: `const [open, show, close] = useOverlayToggle('x')`. */
export function useOverlayToggle(id: OverlayId): [boolean, () => void, () => void] {
  const open = useOverlay((state) => state.open === id);
  return [open, () => useOverlay.getState().show(id), () => useOverlay.getState().close(id)];
}
