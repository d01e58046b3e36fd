import type { CSRF_HEADER as ContractCsrfHeader } from '@trailpass/contract/console';
import { ApiError, errorFromResponse } from './errors';

/**
 * The CSRF token of the current session (GET /console/api/session gives it). Kept in memory only: a reload
 * reads the session again before any write, and a token that outlived its session would be refused anyway.
 */
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/**
 * The contract's header name, as a type: a value import of the contract would pull zod (its schemas are
 * built at module load) into the sign-in page's bundle. The compiler holds the two equal.
 */
const CSRF_HEADER: typeof ContractCsrfHeader = 'x-csrf-token';

/**
 * Reads the session again for a fresh CSRF token (session.ts registers it): a token refused as stale
 * (403 CSRF, e.g. after the session was renewed in another tab) is fetched anew and the call sent once more.
 */
let refreshCsrfToken: (() => Promise<void>) | null = null;
export function onStaleCsrfToken(refresh: () => Promise<void>): void {
  refreshCsrfToken = refresh;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** A file sent as it is, with its content type, instead of a JSON body (the content upload's zip). */
  file?: { data: Blob; type: string };
  signal?: AbortSignal;
}

/**
 * `path` (from the contract's consolePaths / AUTH_PATHS) with its `:param`s filled in, each encoded.
 * A missing parameter is a bug of the caller, not a request to send.
 */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`No value for :${name} in ${path}.`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A JSON call to the console API (a path from the site root; the server serves the console and its API
 * on one origin) with the session cookie. Unsafe methods carry the CSRF token; a refusal
 * becomes an ApiError with the server's message, code and per-field errors; 204 gives undefined.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const unsafe = !SAFE_METHODS.has(options.method ?? 'GET');
    if (!(unsafe && refreshCsrfToken && error instanceof ApiError && error.code === 'CSRF')) throw error;
    await refreshCsrfToken();
    return send<T>(path, options);
  }
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.file) headers['content-type'] = options.file.type;
  if (!SAFE_METHODS.has(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file
        ? options.file.data
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.', 'NETWORK');
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
