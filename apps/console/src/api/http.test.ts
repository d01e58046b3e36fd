import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { apiRequest, fillPath, onStaleCsrfToken, setCsrfToken } from './http';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('apiRequest', () => {
  it('sends the CSRF token on unsafe calls only', async () => {
    const fetch = vi.fn(async () => answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('t1');
    await apiRequest('/console/api/session');
    await apiRequest('/console/api/offers/1/holders', { method: 'POST', body: { a: 1 } });
    const headers = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers);
    expect(headers[0]).not.toHaveProperty('x-csrf-token');
    expect(headers[1]).toMatchObject({ 'x-csrf-token': 't1', 'content-type': 'application/json' });
  });

  it('fetches a fresh token once when the server calls it stale, then sends the call again', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(403, { code: 'CSRF', message: 'Stale token.' }))
      .mockResolvedValueOnce(answer(201, { id: 7 }));
    vi.stubGlobal('fetch', fetch);
    setCsrfToken('old');
    onStaleCsrfToken(async () => setCsrfToken('new'));
    await expect(apiRequest('/console/api/x', { method: 'POST', body: {} })).resolves.toEqual({ id: 7 });
    expect((fetch.mock.calls[1] as [string, RequestInit])[1].headers).toMatchObject({
      'x-csrf-token': 'new',
    });
  });

  it('gives up after one fresh token, and never retries a refusal of another kind', async () => {
    const fetch = vi.fn(async () => answer(403, { code: 'CSRF', message: 'Stale token.' }));
    vi.stubGlobal('fetch', fetch);
    onStaleCsrfToken(async () => setCsrfToken('new'));
    await expect(apiRequest('/console/api/x', { method: 'DELETE' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);

    const forbidden = vi.fn(async () => answer(403, { code: 'FORBIDDEN', message: 'Viewers only read.' }));
    vi.stubGlobal('fetch', forbidden);
    await expect(apiRequest('/console/api/x', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Viewers only read.',
    });
    expect(forbidden).toHaveBeenCalledTimes(1);
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/console/api/session')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('fillPath', () => {
  it('fills and encodes each parameter, and refuses a missing one', () => {
    expect(
      fillPath('/console/api/offers/:offerId/holders/:holderId', { offerId: 101, holderId: 'a/b' }),
    ).toBe('/console/api/offers/101/holders/a%2Fb');
    expect(() => fillPath('/console/api/offers/:offerId/holders', {})).toThrow(/:offerId/);
  });
});
