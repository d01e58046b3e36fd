import {
  type ApiRead,
  BOOT_READS_ELEMENT_ID,
  type BootReadsDocument,
  parseBootReads,
  readKey,
} from '@trailpass/contract';
import { getToken } from './session';

/**
 * The page's first answers, sent with the page (decision 0026): the server embeds `/data` and the page's
 * own first reads in `#tp-boot`, so the first render already has its data and makes no request. Each
 * answer is handed out once, to the query that asks for it first: a later query of the same read (after a
 * navigation, a refetch or the cache's garbage collection) asks the server as before, and never gets an
 * answer that is older than it looks. Only the token the page was served for gets them.
 */

/** An answer older than this is not handed out: the page took so long that asking again is better. */
export const BOOT_READ_MAX_AGE_MS = 60_000;

interface BootAnswer {
  body: unknown;
  /** When the server made it, on this device's clock (ms). */
  updatedAt: number;
}

interface BootReads {
  /** The token in the page URL as the page was served; the answers are that token's. */
  token: string | null;
  answers: Map<string, BootAnswer>;
  /**
   * The reads the answers are of (all that came with the page; `answers` loses each as it is taken): their
   * paths and queries under API_BASE, as the server embedded them.
   */
  keys: string[];
}

let boot: BootReads | null = null;

/** When the page's response began to arrive, on this device's clock; now where the browser does not say. */
function pageResponseStart(): number {
  const [navigation] =
    typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  const start = (navigation as PerformanceNavigationTiming | undefined)?.responseStart;
  return start ? performance.timeOrigin + start : Date.now();
}

/**
 * The answers' times on this device's clock. The server's clock may differ from the phone's, and ticket
 * timers count from the answer's time (modules/components/tickets.ts), so the server's times are not used
 * as they are: each answer is as old as it was when the page left the server (sentAt - at), counted back
 * from when the page arrived.
 */
function answersOf(document: BootReadsDocument): Map<string, BootAnswer> {
  const arrived = Math.min(pageResponseStart(), Date.now());
  return new Map(
    Object.entries(document.reads).map(([key, read]) => [
      key,
      { body: read.body, updatedAt: arrived - Math.max(0, document.sentAt - read.at) },
    ]),
  );
}

/** Reads `#tp-boot` once (and removes it: its text is not needed twice); nothing when it is missing or malformed. */
function bootReads(): BootReads {
  if (boot) return boot;
  const element = document.getElementById(BOOT_READS_ELEMENT_ID);
  const parsed = element?.textContent ? parseBootReads(element.textContent) : null;
  element?.remove();
  const answers = parsed ? answersOf(parsed) : new Map<string, BootAnswer>();
  boot = { token: getToken(), answers, keys: [...answers.keys()] };
  return boot;
}

export interface TakeOptions<T> {
  /** The query of the page the read is made for, when that is not the current URL (a prefetch). */
  pageSearch?: string;
  /** Leaves an answer this refuses where it is, for someone else to take (a public link's /data). */
  accept?: (data: T) => boolean;
}

/**
 * The embedded answer of `read` for `token`, handed out once (then forgotten), or undefined: none was
 * embedded, another token asks, it was taken already, or it is too old.
 */
export function takeBootRead<T>(
  read: ApiRead | null,
  token: string | null,
  options: TakeOptions<T> = {},
): { data: T; updatedAt: number } | undefined {
  if (read === null || token === null) return undefined;
  const reads = bootReads();
  if (reads.token !== token) return undefined;
  const key = readKey(read, options.pageSearch ?? window.location.search);
  const answer = reads.answers.get(key);
  if (!answer) return undefined;
  if (Date.now() - answer.updatedAt > BOOT_READ_MAX_AGE_MS) {
    reads.answers.delete(key);
    return undefined;
  }
  const data = answer.body as T;
  if (options.accept && !options.accept(data)) return undefined;
  reads.answers.delete(key);
  return { data, updatedAt: answer.updatedAt };
}

/**
 * The embedded answer of `read` for `token`, left in place for the query that takes it; undefined when there
 * is none. The start-up reads the holder's saved language from the embedded /data this way (decision 0050),
 * to load its catalogue beside the page's chunks.
 */
export function peekBootRead<T>(read: ApiRead, token: string | null): T | undefined {
  if (token === null) return undefined;
  const reads = bootReads();
  if (reads.token !== token) return undefined;
  const answer = reads.answers.get(readKey(read, window.location.search));
  return answer && Date.now() - answer.updatedAt <= BOOT_READ_MAX_AGE_MS ? (answer.body as T) : undefined;
}

/**
 * `initialData` and `initialDataUpdatedAt` of a query whose first answer may have come with the page.
 * React Query asks for both when it makes the query (and again while it has no data), in that order.
 */
export function bootInitialData<T, D = T>(
  read: ApiRead | null,
  token: string | null,
  options: TakeOptions<T> & { wrap?: (data: T) => D } = {},
): { initialData: () => D | undefined; initialDataUpdatedAt: () => number | undefined } {
  let updatedAt: number | undefined;
  return {
    initialData: () => {
      const taken = takeBootRead(read, token, options);
      if (!taken) return undefined;
      updatedAt = taken.updatedAt;
      return options.wrap ? options.wrap(taken.data) : (taken.data as unknown as D);
    },
    initialDataUpdatedAt: () => updatedAt,
  };
}

/**
 * `refetchOnMount` of a query whose first answer may have come with the page: the page that shows an embedded
 * answer does not ask for it again as it mounts, for BOOT_READ_MAX_AGE_MS after it was made; any other
 * data is refetched on mount as React Query's default (true) does. Initial data is the one way a query
 * gets data without an update being counted, and only embedded answers give these queries initial data.
 */
export function refetchOnMountUnlessEmbedded(query: {
  state: { data: unknown; dataUpdateCount: number; dataUpdatedAt: number };
}): boolean {
  const { data, dataUpdateCount, dataUpdatedAt } = query.state;
  return !(data !== undefined && dataUpdateCount === 0 && Date.now() - dataUpdatedAt < BOOT_READ_MAX_AGE_MS);
}

/** The address the page was served at, as the app started (before any navigation). */
const servedAt = typeof window === 'undefined' ? '' : window.location.href;

const pathAndQuery = (href: string) => {
  const url = new URL(href, servedAt || undefined);
  return `${url.pathname}${url.search}`;
};

/**
 * Whether `href` is the address the page was served at and the page came with answers for its token (some
 * may have been taken since).
 */
export function pageCameWithAnswers(href: string): boolean {
  if (!servedAt || pathAndQuery(href) !== pathAndQuery(servedAt)) return false;
  const reads = bootReads();
  return reads.token !== null && reads.keys.length > 0;
}

/**
 * The reads whose answers came with the page (taken or not), as paths and queries under API_BASE, with the
 * token they are the answers of; none for a page without answers.
 */
export function servedReads(): { token: string | null; keys: readonly string[] } {
  const { token, keys } = bootReads();
  return { token, keys };
}

/**
 * Drops the page's first answers unused: the start found them in another language than the holder's
 * (decision 0050: a browser language the server could not know), so every read asks the server again.
 */
export function discardBootReads(): void {
  bootReads();
  boot = { token: null, answers: new Map(), keys: [] };
}

/** Tests: read `#tp-boot` again on the next take. */
export function forgetBootReadsForTests(): void {
  boot = null;
}
