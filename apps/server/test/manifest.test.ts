import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The request a browser makes for <link rel="manifest">: no custom headers, token in the query. */
const browserFetch = (query: string) =>
  t.app.inject({ method: 'GET', url: `/pass/api/manifest.webmanifest${query}` });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('GET /manifest.webmanifest (spec 7, Manifest)', () => {
  it("serves the pass's manifest to a browser fetch without the version header", async () => {
    const res = await browserFetch(`?o=101&t=${TOKENS.avaBrew}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.json()).toEqual({
      name: 'Lakeshore Brew Trail',
      short_name: 'Lakeshore Brew Trail',
      start_url: `/pass/experiences?t=${TOKENS.avaBrew}`,
      scope: '/pass/',
      display: 'standalone',
      // The offer's colour wins over its partner's (#0B6E8A).
      theme_color: '#C26A1B',
      background_color: '#C26A1B',
      // Offer 101 has no icon media, so its partner's are used.
      icons: [
        { src: '/pass/media/visit-lakeshore-icon-196.svg', sizes: '196x196', type: 'image/svg+xml' },
        { src: '/pass/media/visit-lakeshore-icon-152.svg', sizes: '152x152', type: 'image/svg+xml' },
      ],
    });
    // The icons it names are served.
    for (const icon of res.json().icons as Array<{ src: string }>) {
      expect((await t.app.inject({ method: 'GET', url: icon.src })).statusCode).toBe(200);
    }
  });

  it('also answers the web client, which sends both headers', async () => {
    const res = await api(t.app, 'GET', '/manifest.webmanifest?o=101', TOKENS.avaBrew);
    expect(res.statusCode).toBe(200);
    expect(res.json().start_url).toBe(`/pass/experiences?t=${TOKENS.avaBrew}`);
  });

  it("uses the partner's colour and icons when the offer has none", async () => {
    const res = await browserFetch(`?o=103&t=${TOKENS.harperCheckin}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Harbor Check-In Pass',
      theme_color: '#B03A2E',
      background_color: '#B03A2E',
      icons: [{ src: '/pass/media/harbor-town-icon-196.svg', sizes: '196x196', type: 'image/svg+xml' }],
    });
  });

  it('serves a signed-out pass too: the start URL leads to its Login', async () => {
    const res = await browserFetch(`?o=101&t=${TOKENS.guestBrew}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().start_url).toBe(`/pass/experiences?t=${TOKENS.guestBrew}`);
  });

  it('answers 404 for an offer that is not the pass offer', async () => {
    for (const o of ['102', '103', '999999']) {
      const error = expectError(await browserFetch(`?o=${o}&t=${TOKENS.avaBrew}`), 404, 'not_found');
      expect(error.message).not.toMatch(/Rewards|Harbor/);
    }
  });

  it('answers 400 naming o when it is missing or not a positive whole number', async () => {
    for (const query of ['', '&o=', '&o=abc', '&o=0', '&o=-1', '&o=1.5', '&o=0x65', '&o=2147483648']) {
      const error = expectError(await browserFetch(`?t=${TOKENS.avaBrew}${query}`), 400, 'invalid_input');
      expect(error.fields?.o, query).toBeDefined();
    }
  });

  it('rejects unknown query parameters', async () => {
    const error = expectError(await browserFetch(`?o=101&t=${TOKENS.avaBrew}&x=1`), 400, 'invalid_input');
    expect(error.fields?.x).toBe('Unknown field.');
  });

  it('answers 401 for an unknown or missing token', async () => {
    expectError(await browserFetch('?o=101&t=no-such-token'), 401, 'unauthorized');
    expectError(await browserFetch('?o=101'), 401, 'unauthorized');
  });

  it('still refuses a version header other than 1', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/pass/api/manifest.webmanifest?o=101&t=${TOKENS.avaBrew}`,
      headers: { 'X-Pass-Api-Version': '2' },
    });
    expectError(res, 400, 'invalid_input');
  });

  it('answers 404 for an unregistered link, which has no offer', async () => {
    expectError(await browserFetch(`?o=101&t=${TOKENS.unregVenue301}`), 404, 'not_found');
  });

  it('is in the OpenAPI document with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/pass/api/openapi.json' })).json();
    const operation = doc.paths['/pass/api/manifest.webmanifest'].get;
    // t is documented by the passTokenQuery security scheme rather than as a parameter.
    expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('o');
    expect(doc.components.securitySchemes.passTokenQuery).toMatchObject({ in: 'query', name: 't' });
    expect(operation.responses['200']).toBeDefined();
  });
});
