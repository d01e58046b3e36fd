import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWorkerWhenIdle } from './register-worker';

function fakeContainer() {
  const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
  return { container: { register } as unknown as ServiceWorkerContainer, register };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('registerWorkerWhenIdle', () => {
  it('registers /pass/sw.js for /pass/ only once the page has loaded and the browser is idle', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const { container, register } = fakeContainer();
    registerWorkerWhenIdle(container);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/pass/sw.js', { scope: '/pass/' });
  });

  it('registers on a page that has already loaded, and only warns when registering fails', async () => {
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
