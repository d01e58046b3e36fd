import { vi } from 'vitest';

export interface MockCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type MockHandler = (
  call: MockCall,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Replaces fetch with a router of `METHOD /path` handlers (paths without /pass/api) and records
 * every call. Unknown routes answer 404 with the error body.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname.replace(/^\/pass\/api/, '')}`];
    const { status, body } = handler
      ? await handler(call)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
