import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollSentinel } from './ScrollSentinel';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observed: Callback[] = [];

beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ScrollSentinel (issue 31: page 2 showed 11-30)', () => {
  it('loads nothing while the line is in view without a scroll, and loads once the user scrolls', () => {
    const onReach = vi.fn();
    render(<ScrollSentinel active onReach={onReach} version={10} />);
    act(() => observed.at(-1)?.([{ isIntersecting: true }]));
    expect(onReach).not.toHaveBeenCalled();
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(onReach).toHaveBeenCalledTimes(1);
  });

  it('loads when the user scrolls the line into view', () => {
    const onReach = vi.fn();
    render(<ScrollSentinel active onReach={onReach} version={10} />);
    act(() => {
      document.dispatchEvent(new Event('scroll'));
    });
    expect(onReach).not.toHaveBeenCalled();
    act(() => observed.at(-1)?.([{ isIntersecting: true }]));
    expect(onReach).toHaveBeenCalledTimes(1);
  });
});
