import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteSavedLanguage, resetLanguageForTests } from '../i18n/language';
import { mockApi } from '../test/api-mock';
import { ApiError, apiPath, apiRequest, buildApiUrl } from './api-client';

describe('apiPath', () => {
  it('fills the :name segments, encoded, and refuses a missing one', () => {
    expect(apiPath('/partnerUser/:id/messages/unreadCount', { id: 1001 })).toBe(
      '/partnerUser/1001/messages/unreadCount',
    );
    expect(apiPath('/a/:x/b/:y', { x: 'a/b', y: 2 })).toBe('/a/a%2Fb/b/2');
    expect(() => apiPath('/partnerUser/:id', {})).toThrow(/Missing path parameter "id"/);
  });
});

describe('buildApiUrl', () => {
  it('adds t, and dealId when the page query has it', () => {
    expect(buildApiUrl('/data', undefined, '?t=abc')).toBe('/pass/api/data?t=abc');
    expect(buildApiUrl('/data', { page: 1 }, '?t=abc&dealId=201&x=1')).toBe(
      '/pass/api/data?page=1&t=abc&dealId=201',
    );
    expect(buildApiUrl('/data', { dealId: 5 }, '?t=abc&dealId=201')).toBe('/pass/api/data?dealId=5&t=abc');
    expect(buildApiUrl('/data', undefined, '')).toBe('/pass/api/data');
  });

  it('builds a site-root path for the calls outside the pass prefix', () => {
    expect(buildApiUrl('/products/504', undefined, '?t=abc&dealId=201', 'root')).toBe(
      '/products/504?t=abc&dealId=201',
    );
  });
});

describe('apiRequest', () => {
  it('sends the token and version headers and a JSON body', async () => {
    const { calls } = mockApi({ 'POST /login': () => ({ status: 200, body: { ok: 1 } }) });
    await expect(
      apiRequest('/login', { method: 'POST', body: { email: 'a@b.co' }, pageSearch: '?t=abc' }),
    ).resolves.toEqual({ ok: 1 });
    const [call] = calls;
    expect(call?.headers.get('X-Pass-Token')).toBe('abc');
    expect(call?.headers.get('X-Pass-Api-Version')).toBe('1');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.url.searchParams.get('t')).toBe('abc');
    expect(call?.body).toEqual({ email: 'a@b.co' });
  });

  it('adds the caller’s headers, which cannot replace the token or version headers', async () => {
    const { calls } = mockApi({ 'POST /partnerUser/1/redeem': () => ({ status: 200, body: {} }) });
    await apiRequest('/partnerUser/1/redeem', {
      method: 'POST',
      body: {},
      pageSearch: '?t=abc',
      headers: { 'Idempotency-Key': 'k'.repeat(36), 'X-Pass-Api-Version': '9' },
    });
    expect(calls[0]?.headers.get('Idempotency-Key')).toBe('k'.repeat(36));
    expect(calls[0]?.headers.get('X-Pass-Api-Version')).toBe('1');
  });

  it('returns undefined for 204', async () => {
    mockApi({ 'POST /events/page-view': () => ({ status: 204 }) });
    await expect(
      apiRequest('/events/page-view', { method: 'POST', body: {}, pageSearch: '?t=a' }),
    ).resolves.toBe(undefined);
  });

  it('turns the error body into an ApiError and rethrows', async () => {
    mockApi({
      'POST /login': () => ({
        status: 400,
        body: { error: { code: 'invalid_input', message: 'Invalid input', fields: { email: 'Bad' } } },
      }),
    });
    const error = await apiRequest('/login', { method: 'POST', body: {}, pageSearch: '?t=a' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Invalid input',
      fields: { email: 'Bad' },
    });
  });

  it('keeps the whole error body, for refusals that carry more than the error', async () => {
    const body = {
      error: { code: 'unprocessable', message: 'That code is not correct.' },
      order_products: [],
      errors: ['That code is not correct.'],
    };
    mockApi({ 'POST /preview/redeem': () => ({ status: 422, body }) });
    await expect(
      apiRequest('/preview/redeem', { method: 'POST', body: {}, pageSearch: '?t=a' }),
    ).rejects.toMatchObject({ status: 422, code: 'unprocessable', body });
  });

  it('copes with an error that has no JSON body', async () => {
    mockApi({ 'GET /data': () => ({ status: 502 }) });
    await expect(apiRequest('/data', { pageSearch: '?t=a' })).rejects.toMatchObject({
      status: 502,
      code: 'unknown',
    });
  });
});

describe('X-Pass-Language (issue 32, decision 0050)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
    resetLanguageForTests();
  });

  it("sends the link's language, the pseudo-locale's as English, and none before the saved one is known", async () => {
    const { calls } = mockApi({ 'GET /data': () => ({ status: 200, body: {} }) });
    resetLanguageForTests('?t=abc&lang=es');
    await apiRequest('/data', { pageSearch: '?t=abc' });
    resetLanguageForTests('?t=abc&lang=en-XA');
    await apiRequest('/data', { pageSearch: '?t=abc' });
    window.sessionStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    resetLanguageForTests('?t=abc');
    await apiRequest('/data', { pageSearch: '?t=abc' });
    noteSavedLanguage('abc', 'fr');
    await apiRequest('/data', { pageSearch: '?t=abc', headers: { 'X-Pass-Language': 'de' } });
    await apiRequest('/data', { pageSearch: '?t=abc' });
    expect(calls.map((call) => call.headers.get('X-Pass-Language'))).toEqual(['es', 'en', null, 'de', 'fr']);
  });
});
