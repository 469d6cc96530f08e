import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllScreenState,
  readScreenState,
  SCREEN_STATE_STORAGE_KEY,
  useScreenState,
  useScreenStateStore,
} from './screenState';

type Criteria = { shopName?: string; region?: string };

function stored() {
  return JSON.parse(localStorage.getItem(SCREEN_STATE_STORAGE_KEY) ?? 'null');
}

describe('screen state', () => {
  beforeEach(() => clearAllScreenState());

  it('starts with no criteria, order DESC, page 1 and nothing selected', () => {
    const { result } = renderHook(() => useScreenState<Criteria, string>('deviceList'));
    expect(result.current).toMatchObject({ criteria: {}, order: 'DESC', page: 1, selection: [] });
  });

  it('keeps each screen apart', () => {
    const list = renderHook(() => useScreenState<Criteria>('deviceList'));
    const contents = renderHook(() => useScreenState<Criteria>('contentList'));
    act(() => list.result.current.setCriteria({ shopName: 'Ginza' }));
    expect(list.result.current.criteria).toEqual({ shopName: 'Ginza' });
    expect(contents.result.current.criteria).toEqual({});
  });

  it('goes back to page 1 when the order or the criteria change', () => {
    const { result } = renderHook(() => useScreenState<Criteria>('deviceList'));
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);
    act(() => result.current.setOrder('ASC'));
    expect(result.current).toMatchObject({ order: 'ASC', page: 1 });
    act(() => result.current.setPage(3));
    act(() => result.current.setCriteria({ region: 'TW' }));
    expect(result.current).toMatchObject({ criteria: { region: 'TW' }, order: 'ASC', page: 1 });
  });

  it('keeps selections and resets one screen to its defaults', () => {
    const { result } = renderHook(() => useScreenState<Criteria, string>('scheduleDevices'));
    act(() => result.current.setSelection(['DEV-1', 'DEV-2']));
    expect(result.current.selection).toEqual(['DEV-1', 'DEV-2']);
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ criteria: {}, order: 'DESC', page: 1, selection: [] });
  });

  it('persists to local storage under screen-state', () => {
    const { result } = renderHook(() => useScreenState<Criteria>('deviceList'));
    act(() => result.current.setCriteria({ shopName: 'Ginza' }));
    expect(stored().state.screens.deviceList).toMatchObject({ criteria: { shopName: 'Ginza' }, page: 1 });
    expect(readScreenState<Criteria>('deviceList').criteria).toEqual({ shopName: 'Ginza' });
  });

  it('restores what local storage holds', async () => {
    localStorage.setItem(
      SCREEN_STATE_STORAGE_KEY,
      JSON.stringify({
        state: { screens: { deviceList: { criteria: { shopName: 'Kyoto' }, order: 'ASC', page: 2, selection: [] } } },
        version: 1,
      }),
    );
    await useScreenStateStore.persist.rehydrate();
    expect(readScreenState('deviceList')).toMatchObject({ criteria: { shopName: 'Kyoto' }, order: 'ASC', page: 2 });
  });

  it('clearAllScreenState forgets every screen', () => {
    const a = renderHook(() => useScreenState<Criteria>('a'));
    const b = renderHook(() => useScreenState<Criteria>('b'));
    act(() => {
      a.result.current.setPage(2);
      b.result.current.setCriteria({ region: 'KR' });
    });
    act(() => clearAllScreenState());
    expect(a.result.current.page).toBe(1);
    expect(b.result.current.criteria).toEqual({});
    expect(stored().state.screens).toEqual({});
  });
});
