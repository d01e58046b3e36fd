import {
  API_BASE,
  apiPaths,
  asPassLanguage,
  BOOT_READS_ELEMENT_ID,
  type BootReadsDocument,
  DEFAULT_PASS_LANGUAGE,
  LANGUAGE_HEADER,
  type PassLanguage,
  pageToken,
  parseBootReads,
  readKey,
  TOKEN_HEADER,
} from '@trailpass/contract';
import { isKeptRead } from './kept-reads';

/**
 * A page the server sent with its first answers (decision 0026) makes none of those reads itself, so they
 * never pass through the worker, and an offline open after it would show whatever the worker kept from an
 * earlier visit. The worker reads them from the page as it passes it on (no request of its own) and keeps
 * each one exactly as if the app had fetched it: under the same token-hash key, with the same time of
 * storing, and so the same ticket-timer ageing (token-cache-plugin.ts). Only the reads it keeps anyway
 * (kept-reads.ts) are kept. The page's token goes into the request only, never into Cache Storage.
 *
 * They are kept in the language they are in (issue 32), as if asked with that X-Pass-Language: the language
 * the app asks its next reads in once it knows it (a page in another one drops them and asks again, through
 * the worker). The server wrote them in the link's `?lang=`, else the holder's saved language (the embedded
 * /data says it), else English (plugins/page-reads.ts), as the app works it out too (features/app-data).
 */

const BOOT_SCRIPT = new RegExp(
  `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">([^<]*)</script>`,
);

/** The embedded answers of a page's HTML, or null for a page without (or with a malformed) #tp-boot. */
export function embeddedReadsOf(html: string): BootReadsDocument | null {
  const text = BOOT_SCRIPT.exec(html)?.[1];
  return text === undefined ? null : parseBootReads(text);
}

export interface KeptAnswer {
  /**
   * The read as the app sends it: the page's token in X-Pass-Token and the answers' language in
   * X-Pass-Language, as the cache key is made from.
   */
  request: Request;
  /** A 200 with the embedded JSON body. */
  response: Response;
}

/** The language the server wrote a page's embedded answers in: `?lang=`, else the saved one, else English. */
export function embeddedLanguageOf(pageSearch: string, embedded: BootReadsDocument): PassLanguage {
  const data = embedded.reads[readKey({ path: apiPaths.data, query: {} }, pageSearch)]?.body;
  const saved = typeof data === 'object' && data !== null ? (data as { language?: unknown }).language : null;
  return (
    asPassLanguage(new URLSearchParams(pageSearch).get('lang')) ??
    asPassLanguage(saved) ??
    DEFAULT_PASS_LANGUAGE
  );
}

/** The answers of a page at `pageUrl` that the worker keeps, as request and response pairs. */
export function keptAnswersOf(pageUrl: string, html: string, origin: string): KeptAnswer[] {
  const { search } = new URL(pageUrl);
  const token = pageToken(search);
  const embedded = token ? embeddedReadsOf(html) : null;
  if (!token || !embedded) return [];
  const language = embeddedLanguageOf(search, embedded);
  return Object.entries(embedded.reads).flatMap(([key, read]) => {
    const url = new URL(`${API_BASE}${key}`, origin);
    const request = new Request(url, { headers: { [TOKEN_HEADER]: token, [LANGUAGE_HEADER]: language } });
    if (!isKeptRead(request, url, origin)) return [];
    const response = new Response(JSON.stringify(read.body), {
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    return [{ request, response }];
  });
}

/**
 * Keeps the embedded answers of a page the network answered, through `put` (the kept reads' own caching,
 * with their plugins). Reads a copy of the page; anything but a 200 HTML page is left alone.
 */
export async function keepEmbeddedReads(
  page: Response,
  pageUrl: string,
  origin: string,
  put: (answer: KeptAnswer) => Promise<void>,
): Promise<void> {
  const type = page.headers.get('Content-Type') ?? '';
  if (page.status !== 200 || !type.startsWith('text/html')) return;
  const answers = keptAnswersOf(pageUrl, await page.clone().text(), origin);
  await Promise.all(answers.map(put));
}
