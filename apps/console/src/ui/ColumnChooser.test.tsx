import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useColumnChoice } from './ColumnChooser';

beforeEach(() => localStorage.clear());

describe('useColumnChoice (issue 31)', () => {
  it("keeps each user's choice apart, remembers it across mounts, and goes back to the defaults", () => {
    const first = renderHook(() => useColumnChoice('alice', 'playerList.marketing', ['tags']));
    expect(first.result.current.shown).toEqual(['tags']);
    act(() => first.result.current.setShown(['tags', 'memo']));
    expect(first.result.current.shown).toEqual(['tags', 'memo']);

    expect(renderHook(() => useColumnChoice('bob', 'playerList.marketing', ['tags'])).result.current.shown).toEqual([
      'tags',
    ]);
    const again = renderHook(() => useColumnChoice('alice', 'playerList.marketing', ['tags']));
    expect(again.result.current.shown).toEqual(['tags', 'memo']);
    act(() => again.result.current.reset());
    expect(again.result.current.shown).toEqual(['tags']);
    expect(localStorage.getItem('columns:alice:playerList.marketing')).toBeNull();
  });
});
