import { rm } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_HEADER } from '@trailpass/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema';
import { api, createTestApp, passHeaders, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Visit Lakeshore's icons, those of offers 101 and 102. */
const LAKESHORE_ICONS = [
  {
    src: '/pass/media/visit-lakeshore-icon-196.svg.192.png',
    sizes: '192x192',
    type: 'image/png',
    purpose: 'any',
  },
  {
    src: '/pass/media/visit-lakeshore-icon-196.svg.512.png',
    sizes: '512x512',
    type: 'image/png',
    purpose: 'any',
  },
  { src: '/pass/media/visit-lakeshore-icon-196.svg', sizes: 'any', type: 'image/svg+xml' },
  { src: '/pass/media/visit-lakeshore-icon-152.svg', sizes: '152x152', type: 'image/svg+xml' },
];

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
      // Offer 101 has no icon media, so its partner's are used: the PNGs made at import from its SVG
      // Icon196 (decision 0020), that SVG for any size, and its Icon152.
      icons: LAKESHORE_ICONS,
    });
    // The icons it names are served, with their types.
    for (const icon of res.json().icons as Array<{ src: string; type: string }>) {
      const file = await t.app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(String(file.headers['content-type']).split(';')[0], icon.src).toBe(icon.type);
    }
  });

  it("lists the same partner's icons on Ava's other pass", async () => {
    const res = await browserFetch(`?o=102&t=${TOKENS.avaRewards}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().icons).toEqual(LAKESHORE_ICONS);
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
      icons: [
        {
          src: '/pass/media/harbor-town-icon-196.svg.192.png',
          sizes: '192x192',
          type: 'image/png',
          purpose: 'any',
        },
        {
          src: '/pass/media/harbor-town-icon-196.svg.512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'any',
        },
        { src: '/pass/media/harbor-town-icon-196.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
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

  it("names the offer in query lang's language, before the header and the saved one (issue 32)", async () => {
    const rewards = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/pass/api/manifest.webmanifest?o=102&t=${TOKENS.avaRewards}${query}`,
        headers,
      });
    const english = await rewards('');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.json()).toMatchObject({ name: 'Lakeshore Rewards', short_name: 'Lakeshore Rewards' });
    // Offer 102 has Spanish translations: the name the app's language gives, nothing else changed.
    const spanish = await rewards('&lang=es');
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.json()).toEqual({
      ...english.json(),
      name: 'Recompensas Lakeshore',
      short_name: 'Recompensas Lakeshore',
    });
    // A lang that is not a pass language is ignored, never an error, as the header's is: as without one.
    for (const query of ['&lang=xx', '&lang=ES', '&lang=es-MX', '&lang=', '&lang=es&lang=fr']) {
      const res = await rewards(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(english.body);
    }
    // It counts before the header; an ignored one leaves the header to count.
    expect((await rewards('&lang=en', { [LANGUAGE_HEADER]: 'es' })).body).toBe(english.body);
    expect((await rewards('&lang=xx', { [LANGUAGE_HEADER]: 'es' })).body).toBe(spanish.body);
    // And before the holder's saved language; without it the saved one counts (a page before this change).
    const save = (language: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/pass/api/language',
        headers: passHeaders(TOKENS.avaRewards),
        payload: { language },
      });
    expect((await save('es')).statusCode).toBe(200);
    try {
      expect((await rewards('&lang=en')).body).toBe(english.body);
      expect((await rewards('')).body).toBe(spanish.body);
    } finally {
      expect((await save(null)).statusCode).toBe(200);
    }
  });

  it('is in the OpenAPI document with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/pass/api/openapi.json' })).json();
    const operation = doc.paths['/pass/api/manifest.webmanifest'].get;
    // t is documented by the passTokenQuery security scheme rather than as a parameter.
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['o', 'lang']),
    );
    expect(doc.components.securitySchemes.passTokenQuery).toMatchObject({ in: 'query', name: 't' });
    expect(operation.responses['200']).toBeDefined();
  });
});

// Last: these change the media folder and the database the tests above read.
describe('GET /manifest.webmanifest without generated icons', () => {
  it('lists the SVG icons as before when their PNGs are not in the media folder', async () => {
    const mediaDir = path.join(t.dataDir, 'media');
    for (const size of [192, 512]) {
      await rm(path.join(mediaDir, `harbor-town-icon-196.svg.${size}.png`));
    }
    const res = await browserFetch(`?o=103&t=${TOKENS.harperCheckin}`);
    expect(res.json().icons).toEqual([
      { src: '/pass/media/harbor-town-icon-196.svg', sizes: '196x196', type: 'image/svg+xml' },
    ]);
  });

  it("lists the app's own icons when the offer and its partner have no icon media", async () => {
    await t.database.db
      .delete(media)
      .where(
        and(
          eq(media.owner_type, 'partner'),
          eq(media.owner_id, 942),
          inArray(media.location, ['Icon196', 'Icon152']),
        ),
      );
    const res = await browserFetch(`?o=103&t=${TOKENS.harperCheckin}`);
    expect(res.json().icons).toEqual([
      { src: '/pass/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pass/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/pass/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ]);
  });
});
