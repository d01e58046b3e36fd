import { rm } from 'node:fs/promises';
import { API_VERSION_HEADER, TOKEN_HEADER } from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { api, createTestApp, makeFakeWebDist, passHeaders, type TestApp, TOKENS } from './helpers';

let t: TestApp;
let webDist: string;

// With a built web app, so that the tests also show the SPA fallback leaves /products alone.
beforeAll(async () => {
  webDist = await makeFakeWebDist();
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** GET /products/{id} at the site root (spec 7: outside the pass prefix), as the web client sends it. */
const getProduct = (token: string | undefined, productId: number | string, query = '', headers = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/products/${productId}${query ? `?${query}` : ''}`,
    headers: { ...passHeaders(token), ...headers },
  });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('GET /products/{productId} (spec 7, Product)', () => {
  it('answers a product of the pass offer with its venue and the holder’s counts', async () => {
    const res = await getProduct(TOKENS.avaBrew, 504);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { product, venue } = res.json();
    expect(product).toMatchObject({
      id: 504,
      offer_id: 101,
      deal_id: 201,
      venue_id: 301,
      name: 'Free Tasting Flight',
      venueName: 'Anchor & Oar Brewing',
      redeemedCount: 1,
      unRedeemedCount: 0,
    });
    expect(product.media).toEqual([
      { id: 2043, location: null, name: 'Hero', url: '/pass/media/tasting-flight.svg' },
    ]);
    expect(venue).toMatchObject({ id: 301, name: 'Anchor & Oar Brewing' });
    expect(venue.media).toHaveLength(3);
    expect(venue).not.toHaveProperty('pin');
  });

  it('reads exactly as the product and venue do in /data', async () => {
    const data = (await api(t.app, 'GET', '/data', TOKENS.avaBrew)).json();
    for (const id of [502, 504, 519]) {
      const { product } = (await getProduct(TOKENS.avaBrew, id)).json();
      expect(product).toEqual(data.products.find((p: { id: number }) => p.id === id));
    }
    expect((await getProduct(TOKENS.avaBrew, 502)).json().product).toMatchObject({
      redeemedCount: 0,
      unRedeemedCount: 1,
    });
    expect((await getProduct(TOKENS.samStaff, 501)).json().product).toMatchObject({
      redeemedCount: 0,
      unRedeemedCount: 1,
    });
  });

  it('serves a signed-out pass and a preview, with counts of 0', async () => {
    for (const token of [TOKENS.guestBrew, TOKENS.previewProduct, TOKENS.previewVenue]) {
      const res = await getProduct(token, 504);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().product).toMatchObject({ id: 504, redeemedCount: 0, unRedeemedCount: 0 });
      expect(res.json().venue.id).toBe(301);
    }
  });

  it('answers 404 for another offer’s product or an unknown id, the same each time', async () => {
    const messages = new Set<string>();
    for (const [token, id] of [
      [TOKENS.avaBrew, 513], // offer 102 (Ava holds it too, but this pass is 101)
      [TOKENS.avaBrew, 999999],
      [TOKENS.harperCheckin, 504],
      [TOKENS.previewProduct, 515],
    ] as const) {
      messages.add(expectError(await getProduct(token, id), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
    expect((await getProduct(TOKENS.harperCheckin, 515)).statusCode).toBe(200);
    expect((await getProduct(TOKENS.avaRewards, 513)).statusCode).toBe(200);
  });

  it('answers 404 to an unregistered link, which has no offer', async () => {
    for (const id of [504, 513, 517]) {
      expectError(await getProduct(TOKENS.unregVenue301, id), 404, 'not_found');
    }
  });

  it('answers venue null for a product without a venue', async () => {
    await t.database.db.update(products).set({ venue_id: null }).where(eq(products.id, 519));
    try {
      const res = await getProduct(TOKENS.avaBrew, 519);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().venue).toBeNull();
      expect(res.json().product).toMatchObject({ venue_id: null, venueName: null });
    } finally {
      await t.database.db.update(products).set({ venue_id: 304 }).where(eq(products.id, 519));
    }
  });

  it('needs the version header and a known token, as the pass API does', async () => {
    const noVersion = await t.app.inject({
      method: 'GET',
      url: '/products/504',
      headers: { [TOKEN_HEADER]: TOKENS.avaBrew },
    });
    expect(expectError(noVersion, 400, 'invalid_input').message).toMatch(API_VERSION_HEADER);
    expectError(
      await getProduct(TOKENS.avaBrew, 504, '', { [API_VERSION_HEADER]: '2' }),
      400,
      'invalid_input',
    );
    expectError(await getProduct('no-such-token', 504), 401, 'unauthorized');
    expectError(await getProduct(undefined, 504), 401, 'unauthorized');
    // The token may come as ?t= instead of the header; dealId may ride along (spec 7).
    const viaQuery = await getProduct(undefined, 504, `t=${TOKENS.avaBrew}&dealId=201`);
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
  });

  it('validates the id and the query', async () => {
    for (const id of ['abc', '0', '-1', '2147483648']) {
      expect(
        expectError(await getProduct(TOKENS.avaBrew, id), 400, 'invalid_input').fields?.productId,
      ).toBeDefined();
    }
    expect(
      expectError(await getProduct(TOKENS.avaBrew, 504, 'page=1'), 400, 'invalid_input').fields?.page,
    ).toBe('Unknown field.');
  });

  it('counts against the API rate limit', async () => {
    const res = await getProduct(TOKENS.avaBrew, 504);
    expect(res.headers['x-ratelimit-limit']).toBe('10000');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(10000);
  });

  it('is not answered by the web app’s history fallback, and stays out of /pass/api', async () => {
    // A browser opening the address gets the JSON error, never index.html.
    const res = await t.app.inject({ method: 'GET', url: '/products/504', headers: { accept: 'text/html' } });
    expectError(res, 400, 'invalid_input');
    expect(res.body).not.toContain('<!doctype html>');
    // Pages of the app under /pass still get index.html; the pass API has no /products.
    const page = await t.app.inject({ method: 'GET', url: '/pass/experiences/product/504' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<!doctype html>');
    expectError(await api(t.app, 'GET', '/products/504', TOKENS.avaBrew), 404, 'not_found');
  });
});
