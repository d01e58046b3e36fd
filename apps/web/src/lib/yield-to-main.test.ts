import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'scheduler');
  vi.useRealTimers();
});

describe('yieldToMain', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    Object.defineProperty(globalThis, 'scheduler', { value: { yield: yieldFn }, configurable: true });
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledOnce();
  });

  it('otherwise resumes in a later task, after the timers already due', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);
    const resumed = yieldToMain().then(() => order.push('resumed'));
    expect(order).toEqual([]);
    await vi.runAllTimersAsync();
    await resumed;
    expect(order).toEqual(['earlier task', 'resumed']);
  });
});
