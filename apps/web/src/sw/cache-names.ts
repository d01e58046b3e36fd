/**
 * The run-time caches of the service worker (the precache is Workbox's own). Each name carries the version
 * of what is stored in it, not of the build: a new build keeps the holder's kept answers, so the pass still
 * opens offline right after an update. Raise the version when the stored form changes (the cache key, the
 * shape of an answer the app cannot read any more), and the old cache is deleted when the new worker
 * activates.
 */
export const CACHE_PREFIX = 'trailpass-';

export const CACHE_NAMES = {
  /**
   * The kept API reads, one entry per token, URL and language (token-cache-key.ts). Still v1 since the
   * language joined the key: an entry kept before is found as the read in another language
   * (token-cache-plugin.ts), so an update does not cost the holder their offline pass.
   */
  api: `${CACHE_PREFIX}api-v1`,
  /** Partner media under /pass/media/. */
  media: `${CACHE_PREFIX}media-v1`,
  /** Built files that are not precached: the phone input's flags, and chunks of a newer build. */
  assets: `${CACHE_PREFIX}assets-v1`,
} as const;

const CURRENT: ReadonlySet<string> = new Set(Object.values(CACHE_NAMES));

/** A run-time cache of an older version of this worker (never Workbox's precache, never another app's). */
export function isOutdatedRuntimeCache(name: string): boolean {
  return name.startsWith(CACHE_PREFIX) && !CURRENT.has(name);
}
