/** Spec 8: a lazy chunk that has not loaded after this long fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Races a dynamic import against the chunk-load timeout. */
export function importWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a page chunk timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  const loading = load().then(
    (module) => module,
    (error: unknown) => {
      throw new ChunkLoadError(error instanceof Error ? error.message : 'Loading a page chunk failed.', {
        cause: error,
      });
    },
  );
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}
