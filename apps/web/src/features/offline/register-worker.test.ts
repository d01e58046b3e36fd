import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_FALLBACK_MS, firstScreenShown, resetFirstScreenForTests } from '../../lib/first-screen';
import { registerWorkerWhenIdle } from './register-worker';

function fakeContainer() {
  const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
  return { container: { register } as unknown as ServiceWorkerContainer, register };
}

beforeEach(() => resetFirstScreenForTests());

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('registerWorkerWhenIdle', () => {
  it('registers /pass/sw.js for /pass/ once the first screen is there and the browser is idle', async () => {
    vi.useFakeTimers();
    const { container, register } = fakeContainer();
    registerWorkerWhenIdle(container);
    await vi.advanceTimersByTimeAsync(100);
    expect(register).not.toHaveBeenCalled();

    firstScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/pass/sw.js', { scope: '/pass/' });
  });

  it('registers a while after load on a page that never says its first screen is there', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { container, register } = fakeContainer();
    registerWorkerWhenIdle(container);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS + 1_000);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/pass/sw.js', { scope: '/pass/' });
  });

  it('only warns when registering fails', async () => {
    firstScreenShown();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const register = vi.fn(async () => {
      throw new Error('blocked');
    });
    registerWorkerWhenIdle({ register } as unknown as ServiceWorkerContainer);
    await expect.poll(() => register.mock.calls.length).toBe(1);
    await expect.poll(() => warn.mock.calls.length).toBe(1);
  });

  it('does nothing where the browser has no service workers', () => {
    expect(() => registerWorkerWhenIdle(undefined)).not.toThrow();
  });
});
