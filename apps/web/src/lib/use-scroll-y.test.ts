import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetScrollStoreForTests, useScrollY, useViewportWidth } from './use-scroll-y';

let frames: Map<number, FrameRequestCallback>;
let nextFrame: number;

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
}

function scrollTo(value: number) {
  setScrollY(value);
  window.dispatchEvent(new Event('scroll'));
}

function flushFrames() {
  const pending = [...frames.values()];
  frames.clear();
  act(() => {
    for (const callback of pending) callback(performance.now());
  });
}

beforeEach(() => {
  frames = new Map();
  nextFrame = 1;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    const id = nextFrame++;
    frames.set(id, callback);
    return id;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    frames.delete(id);
  });
  setScrollY(0);
});

afterEach(() => {
  resetScrollStoreForTests();
});

describe('useScrollY', () => {
  it('reads the current scroll position in the next frame, never while rendering', () => {
    setScrollY(42);
    const read = vi.fn(() => 42);
    Object.defineProperty(window, 'scrollY', { get: read, configurable: true });
    const { result } = renderHook(() => useScrollY());
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toBe(0);
    flushFrames();
    expect(read).toHaveBeenCalled();
    expect(result.current).toBe(42);
  });

  it('publishes the scroll once per animation frame', () => {
    const { result } = renderHook(() => useScrollY());
    scrollTo(10);
    scrollTo(20);
    scrollTo(30);
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(0);
    flushFrames();
    expect(result.current).toBe(30);
    scrollTo(55);
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(2);
    flushFrames();
    expect(result.current).toBe(55);
  });

  it('listens passively, once for every component, and stops with the last one', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const first = renderHook(() => useScrollY());
    const second = renderHook(() => useScrollY());
    const scrollAdds = add.mock.calls.filter(([type]) => type === 'scroll');
    expect(scrollAdds).toHaveLength(1);
    expect(scrollAdds[0]?.[2]).toEqual({ passive: true });

    scrollTo(80);
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(1);
    flushFrames();
    expect(first.result.current).toBe(80);
    expect(second.result.current).toBe(80);

    first.unmount();
    expect(remove.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(0);
    scrollTo(90);
    second.unmount();
    expect(remove.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(1);
    // The frame asked for before the last unmount is cancelled.
    expect(window.cancelAnimationFrame).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
    scrollTo(100);
    expect(window.requestAnimationFrame).toHaveBeenCalledTimes(2);
  });

  it('returns 0 and adds no listener when disabled, and starts when enabled', () => {
    setScrollY(120);
    const add = vi.spyOn(window, 'addEventListener');
    const { result, rerender } = renderHook(({ enabled }) => useScrollY(enabled), {
      initialProps: { enabled: false },
    });
    expect(result.current).toBe(0);
    expect(add.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(0);
    rerender({ enabled: true });
    flushFrames();
    expect(result.current).toBe(120);
    expect(add.mock.calls.filter(([type]) => type === 'scroll')).toHaveLength(1);
  });
});

describe('useViewportWidth', () => {
  it('follows the window width', () => {
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true, writable: true });
    // The width is read when the module loads, and on resizes; the reset stands in for a fresh load.
    resetScrollStoreForTests();
    const read = vi.fn(() => 390);
    Object.defineProperty(window, 'innerWidth', { get: read, configurable: true });
    const { result, unmount } = renderHook(() => useViewportWidth());
    expect(read).not.toHaveBeenCalled();
    expect(result.current).toBe(390);
    act(() => {
      Object.defineProperty(window, 'innerWidth', { value: 844, configurable: true, writable: true });
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(844);
    const remove = vi.spyOn(window, 'removeEventListener');
    unmount();
    expect(remove.mock.calls.filter(([type]) => type === 'resize')).toHaveLength(1);
  });
});
