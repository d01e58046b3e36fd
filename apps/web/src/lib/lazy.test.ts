import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, importWithTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

describe('importWithTimeout (spec 8)', () => {
  it('uses 120000 ms', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it loads in time', async () => {
    await expect(importWithTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('fails with a ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const pending = importWithTimeout(() => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('wraps a failed import in a ChunkLoadError', async () => {
    await expect(
      importWithTimeout(() => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: 'Failed to fetch',
    });
  });
});
