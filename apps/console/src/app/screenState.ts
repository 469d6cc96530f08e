import type { TOrder } from '@signage/domain';
import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What a screen remembers between visits and reloads (SPEC.md section 4: search criteria, order,
 * page and selections are kept in local storage). Each screen owns one slice under its own key.
 */
export type ScreenSlice<TCriteria = Record<string, unknown>, TSelection = unknown> = {
  criteria: TCriteria;
  order: TOrder;
  page: number;
  selection: TSelection[];
};

export const SCREEN_STATE_STORAGE_KEY = 'screen-state';

const DEFAULT_SLICE: ScreenSlice = Object.freeze({
  criteria: Object.freeze({}),
  order: 'DESC',
  page: 1,
  selection: Object.freeze([]) as unknown as unknown[],
}) as ScreenSlice;

type ScreenStateStore = {
  screens: Record<string, ScreenSlice>;
  update: (screenKey: string, change: Partial<ScreenSlice>) => void;
  reset: (screenKey: string) => void;
  clearAll: () => void;
};

export const useScreenStateStore = create<ScreenStateStore>()(
  persist(
    (set) => ({
      screens: {},
      update: (screenKey, change) =>
        set((state) => ({
          screens: { ...state.screens, [screenKey]: { ...(state.screens[screenKey] ?? DEFAULT_SLICE), ...change } },
        })),
      reset: (screenKey) =>
        set((state) => {
          const { [screenKey]: _removed, ...rest } = state.screens;
          return { screens: rest };
        }),
      clearAll: () => set({ screens: {} }),
    }),
    {
      name: SCREEN_STATE_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ screens: state.screens }),
    },
  ),
);

export type ScreenState<TCriteria, TSelection> = ScreenSlice<TCriteria, TSelection> & {
  /** Replaces the criteria; a filter change starts again at page 1. */
  setCriteria: (criteria: TCriteria) => void;
  /** Changes the sort order; always starts again at page 1. */
  setOrder: (order: TOrder) => void;
  setPage: (page: number) => void;
  setSelection: (selection: TSelection[]) => void;
  /** Back to the defaults: no criteria, DESC, page 1, nothing selected. */
  reset: () => void;
};

/** A screen's remembered state and its setters. `screenKey` names the screen, e.g. 'deviceList'. */
export function useScreenState<TCriteria extends object = Record<string, unknown>, TSelection = unknown>(
  screenKey: string,
): ScreenState<TCriteria, TSelection> {
  const slice = useScreenStateStore((state) => state.screens[screenKey] ?? DEFAULT_SLICE) as ScreenSlice<
    TCriteria,
    TSelection
  >;
  const setters = useMemo(() => {
    const { update, reset } = useScreenStateStore.getState();
    return {
      setCriteria: (criteria: TCriteria) =>
        update(screenKey, { criteria: criteria as Record<string, unknown>, page: DEFAULT_SLICE.page }),
      setOrder: (order: TOrder) => update(screenKey, { order, page: DEFAULT_SLICE.page }),
      setPage: (page: number) => update(screenKey, { page }),
      setSelection: (selection: TSelection[]) => update(screenKey, { selection }),
      reset: () => reset(screenKey),
    };
  }, [screenKey]);
  return { ...slice, ...setters };
}

/** A screen's state outside React (loaders, start-up restore). */
export function readScreenState<TCriteria = Record<string, unknown>, TSelection = unknown>(
  screenKey: string,
): ScreenSlice<TCriteria, TSelection> {
  return (useScreenStateStore.getState().screens[screenKey] ?? DEFAULT_SLICE) as ScreenSlice<TCriteria, TSelection>;
}

/** Forgets every screen's state (on entry to login and SSO: SPEC.md section 2). */
export function clearAllScreenState(): void {
  useScreenStateStore.getState().clearAll();
}
