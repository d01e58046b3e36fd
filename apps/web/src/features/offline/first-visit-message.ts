/**
 * The message a page of the very first visit sends to the service worker once the worker controls it
 * (keep-first-visit.ts, and src/sw/sw.ts which acts on it): the reads and partner pictures the page has
 * shown, for the worker to ask for itself and keep for offline use. Shared by the page and the worker.
 */

export const KEEP_FIRST_VISIT = 'trailpass:keep-first-visit';

/** At most this many addresses of each kind: a page shows a few dozen; anything more is not the app's. */
export const KEEP_FIRST_VISIT_MAX_URLS = 200;

export interface KeepFirstVisitMessage {
  type: typeof KEEP_FIRST_VISIT;
  /** The pass token the reads are made with (sent in X-Pass-Token, as the app sends it). */
  token: string;
  /**
   * The language the page reads its answers in (sent in X-Pass-Language, as the app sends it, so they are
   * kept in it and under its key), or null when the app sends none (an English browser before /data). The
   * worker sends none for anything but a pass language, as the server would ignore it.
   */
  language: string | null;
  /** Absolute URLs of the API reads the page has shown; the worker keeps only the ones it keeps anyway. */
  reads: string[];
  /** Absolute URLs of the partner media the page has shown. */
  media: string[];
}

const isUrlList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= KEEP_FIRST_VISIT_MAX_URLS &&
  value.every((item) => typeof item === 'string');

export function isKeepFirstVisitMessage(data: unknown): data is KeepFirstVisitMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, token, language, reads, media } = data as Record<string, unknown>;
  return (
    type === KEEP_FIRST_VISIT &&
    typeof token === 'string' &&
    token.length > 0 &&
    (language === null || typeof language === 'string') &&
    isUrlList(reads) &&
    isUrlList(media)
  );
}
