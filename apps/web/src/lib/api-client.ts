import {
  API_BASE,
  API_VERSION,
  API_VERSION_HEADER,
  type ApiQueryValue,
  apiPathWithQuery,
  type ErrorBody,
  type ErrorCode,
  fillApiPath,
  TOKEN_HEADER,
} from '@trailpass/contract';
import { LANGUAGE_HEADER, requestLanguage } from '../i18n/language';
import { getToken } from './session';

/** A non-2xx answer of the API, carrying the error body of DESIGN.md section 4. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'unknown';
  readonly fields: Record<string, string> | undefined;
  /**
   * The whole parsed answer, for calls whose refusals carry more than the error (the redeem calls'
   * `errors[]`, spec 7); undefined when the answer was not JSON.
   */
  readonly body: unknown;

  constructor(
    status: number,
    code: ErrorCode | 'unknown',
    message: string,
    fields?: Record<string, string>,
    body?: unknown,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The contract's `errorBody` schema, checked by hand: calling the zod schema here would pull zod into
 * the initial JS (about 28 kB gzip), and this file runs on every page.
 */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

export type QueryValue = ApiQueryValue;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** The page query the token and dealId come from; the current URL by default. */
  pageSearch?: string;
  /**
   * Where `path` starts: the pass API (default), or the site root for the spec 7 calls "outside the pass
   * prefix" (contract rootApiPaths). Both take the same headers and query t.
   */
  base?: 'api' | 'root';
  /** More request headers (the redeem calls' Idempotency-Key; X-Pass-Language to ask for another language). */
  headers?: Record<string, string>;
}

/** An API path template of the contract (`/partnerUser/:id/...`) with each `:name` segment filled in. */
export const apiPath = fillApiPath;

/** Builds `/pass/api{path}?…&t=…[&dealId=…]` (spec 7: every request carries t, and dealId when the page has it). */
export function buildApiUrl(
  path: string,
  query: RequestOptions['query'],
  pageSearch: string,
  base: RequestOptions['base'] = 'api',
): string {
  // The contract's rule, which the server follows too when it embeds a page's first answers (decision 0026).
  return `${base === 'root' ? '' : API_BASE}${apiPathWithQuery(path, query, pageSearch, getToken(pageSearch))}`;
}

/**
 * fetch wrapper for the pass API: adds the token, version and language headers and the query, parses JSON,
 * turns any non-2xx answer into an ApiError and rethrows (network errors are rethrown as they are).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const pageSearch = options.pageSearch ?? window.location.search;
  const token = getToken(pageSearch);
  // The holder's language (issue 32, decision 0050), on every call: the answers' content comes in it.
  const language = requestLanguage();
  const headers: Record<string, string> = {
    ...(language ? { [LANGUAGE_HEADER]: language } : {}),
    ...options.headers,
    Accept: 'application/json',
    [API_VERSION_HEADER]: API_VERSION,
  };
  if (token) headers[TOKEN_HEADER] = token;
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  const response = await fetch(buildApiUrl(path, options.query, pageSearch, options.base), init);
  const text = response.status === 204 ? '' : await response.text();
  let payload: unknown;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload as T;
}

/** The ApiError of a non-2xx answer and its parsed body (also for an answer received elsewhere, kept). */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError(status, code, message, fields, payload);
  }
  return new ApiError(status, 'unknown', `Request failed with status ${status}`, undefined, payload);
}
