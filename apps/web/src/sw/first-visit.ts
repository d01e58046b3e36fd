import {
  API_VERSION,
  API_VERSION_HEADER,
  APP_BASE,
  asPassLanguage,
  LANGUAGE_HEADER,
  TOKEN_HEADER,
} from '@trailpass/contract';
import type { KeepFirstVisitMessage } from '../features/offline/first-visit-message';
import { isKeptRead } from './kept-reads';

/**
 * The worker's half of keeping the first visit (features/offline/keep-first-visit.ts): of the reads and
 * pictures a page of the first visit has shown, the ones the worker keeps anyway are asked for again
 * through the worker's own strategies (so they are stored as any fetched through it would be: the token's
 * hash and the language as the key, the time of storing for the ticket timers). A failure changes nothing:
 * the next online open keeps them as usual.
 */
export async function keepFirstVisit(
  message: KeepFirstVisitMessage,
  origin: string,
  keepRead: (request: Request) => Promise<unknown>,
  keepMedia: (request: Request) => Promise<unknown>,
): Promise<void> {
  const sameOrigin = (href: string): URL | null => {
    try {
      const url = new URL(href);
      return url.origin === origin ? url : null;
    } catch {
      return null;
    }
  };
  const language = asPassLanguage(message.language);
  const reads = message.reads.flatMap((href) => {
    const url = sameOrigin(href);
    if (!url) return [];
    // As the app asks: the token and the page's language in their headers (the cache key is made from
    // both), with the API version. Without the language the server would answer in the saved one, else
    // English, and the answer would be kept under a key the page's next reads do not look up.
    const request = new Request(url, {
      headers: {
        [TOKEN_HEADER]: message.token,
        [API_VERSION_HEADER]: API_VERSION,
        ...(language ? { [LANGUAGE_HEADER]: language } : {}),
      },
    });
    return isKeptRead(request, url, origin) ? [request] : [];
  });
  const media = message.media.flatMap((href) => {
    const url = sameOrigin(href);
    return url?.pathname.startsWith(`${APP_BASE}/media/`) ? [new Request(url)] : [];
  });
  await Promise.all([
    ...reads.map((request) => keepRead(request).catch(() => {})),
    ...media.map((request) => keepMedia(request).catch(() => {})),
  ]);
}
