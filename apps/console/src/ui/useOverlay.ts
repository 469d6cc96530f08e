import { create } from 'zustand';

/** The overlays and dialogs of SPEC.md section 2 (Shell). */
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
  | 'contentPlayer'
  | 'streamKeyRotate';

/**
 * Pickers that open from inside another overlay (the country picker and the tag dialog in a search
 * drawer) and feed it: they stack on top instead of replacing it, so the form below keeps what was typed.
 */
const NESTED: readonly OverlayId[] = ['countrySelect', 'dialog'];

type OverlayState = {
  /** The topmost open overlay. */
  open: OverlayId | null;
  /** Every open overlay, bottom first; more than one only while a nested picker is open. */
  stack: OverlayId[];
  show: (id: OverlayId) => void;
  /** Closes `id` and whatever was opened over it; without `id`, every overlay. */
  close: (id?: OverlayId) => void;
  /** Keeps the bottom `depth` overlays and closes those over them (Back to an earlier history entry). */
  closeTo: (depth: number) => void;
};

const withStack = (stack: OverlayId[]) => ({ stack, open: stack.at(-1) ?? null });

export const useOverlay = create<OverlayState>()((set, get) => ({
  open: null,
  stack: [],
  show: (id) => {
    const rest = get().stack.filter((open) => open !== id);
    set(withStack(NESTED.includes(id) ? [...rest, id] : [id]));
  },
  close: (id) => {
    if (id === undefined) return set(withStack([]));
    const at = get().stack.indexOf(id);
    if (at >= 0) set(withStack(get().stack.slice(0, at)));
  },
  closeTo: (depth) => set(withStack(get().stack.slice(0, Math.max(0, depth)))),
}));

/**
 * Whether overlay `id` is open (also while a nested picker is open over it), and its open/close actions:
 * `const [open, show, close] = useOverlayToggle('x')`.
 */
export function useOverlayToggle(id: OverlayId): [boolean, () => void, () => void] {
  const open = useOverlay((state) => state.stack.includes(id));
  return [open, () => useOverlay.getState().show(id), () => useOverlay.getState().close(id)];
}
