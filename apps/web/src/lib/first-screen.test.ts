import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_FALLBACK_MS,
  firstScreenShown,
  resetFirstScreenForTests,
  useFirstScreenShown,
} from './first-screen';

beforeEach(() => {
  resetFirstScreenForTests();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstScreen', () => {
  it('waits for the first screen, then for the paint after it, then runs the work in order', async () => {
    const done: string[] = [];
    afterFirstScreen(() => done.push('queue'));
    afterFirstScreen(() => done.push('worker'));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toEqual([]);

    firstScreenShown();
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toEqual(['queue', 'worker']);
  });

  it('runs work asked for later at the next idle moment, and ignores later pages saying so again', async () => {
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    const work = vi.fn();
    afterFirstScreen(work);
    firstScreenShown();
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work a while after load when no page says its first screen is there', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const work = vi.fn();
    afterFirstScreen(work);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS * 3);
    expect(work).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 100);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('useFirstScreenShown', () => {
  it('says so once the page has drawn its first screen, not while it loads', async () => {
    const work = vi.fn();
    afterFirstScreen(work);
    const { rerender } = renderHook(({ shown }) => useFirstScreenShown(shown), {
      initialProps: { shown: false },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();

    rerender({ shown: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
