import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ad_events } from '../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { apiPerMinute: 40, loginPerMinute: 10 } });
});

afterAll(async () => {
  await t?.close();
});

const send = (token: string, userId: number | string, body: unknown, query = '') =>
  api(t.app, 'POST', `/partnerUser/${userId}/event${query}`, token, { payload: body as object });

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

const storedEvents = () => t.database.db.select().from(ad_events).orderBy(asc(ad_events.id));

/** Runs `fn` and checks that it stored no ad event. */
async function storesNothing(fn: () => Promise<void>) {
  const before = (await storedEvents()).length;
  await fn();
  expect(await storedEvents()).toHaveLength(before);
}

describe('POST /partnerUser/{id}/event (spec 7, Ad event)', () => {
  it('stores a click with the session, user and offer, and answers ok', async () => {
    const before = Date.now();
    const res = await send(TOKENS.avaBrew, 1001, {
      type: 'click',
      module_id: 3013,
      deal_id: 201,
      venue_id: 301,
      product_id: 504,
      url: '/experiences/product/504',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row, ...more] = await storedEvents();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      session_id: expect.any(Number),
      partner_user_id: 1001,
      offer_id: 101,
      type: 'click',
      module_id: 3013,
      deal_id: 201,
      venue_id: 301,
      product_id: 504,
      url: '/experiences/product/504',
    });
    expect(row?.created_at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('stores an impression that names only its module; absent ids are null', async () => {
    const res = await send(TOKENS.samStaff, 1002, { type: 'impression', module_id: 3001, deal_id: null });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await storedEvents()).at(-1);
    expect(row).toMatchObject({
      partner_user_id: 1002,
      offer_id: 101,
      type: 'impression',
      module_id: 3001,
      deal_id: null,
      venue_id: null,
      product_id: null,
      url: null,
    });
  });

  it('accepts venues of the offer’s deals, products and perks', async () => {
    // 309: deal 203 and standalone product 522; 304: deal 202 and standalone product 519.
    for (const venue_id of [301, 302, 303, 304, 308, 309]) {
      const res = await send(TOKENS.avaBrew, 1001, { type: 'impression', module_id: 3003, venue_id });
      expect(res.statusCode, `${venue_id}: ${res.body}`).toBe(200);
    }
  });

  it('answers 400 for a bad type, unknown keys or a malformed body, and stores nothing', async () => {
    await storesNothing(async () => {
      const badType = expectError(
        await send(TOKENS.avaBrew, 1001, { type: 'view', module_id: 3013 }),
        400,
        'invalid_input',
      );
      expect(badType.fields?.type).toBeDefined();
      const unknown = expectError(
        await send(TOKENS.avaBrew, 1001, { type: 'click', module_id: 3013, partner_user_id: 1002 }),
        400,
        'invalid_input',
      );
      expect(unknown.fields?.partner_user_id).toBe('Unknown field.');
      for (const body of [
        {},
        { type: 'click' },
        { type: 'click', module_id: '3013' },
        { type: 'click', module_id: 3013, url: 'x'.repeat(2049) },
        [],
      ]) {
        expectError(await send(TOKENS.avaBrew, 1001, body), 400, 'invalid_input');
      }
      expect(
        expectError(
          await send(TOKENS.avaBrew, 1001, { type: 'click', module_id: 3013 }, '?x=1'),
          400,
          'invalid_input',
        ).fields?.x,
      ).toBe('Unknown field.');
    });
  });

  it('answers 404 for an unknown module or another offer’s module, deal, venue or product, and stores nothing', async () => {
    await storesNothing(async () => {
      for (const body of [
        { type: 'click', module_id: 999999 },
        { type: 'click', module_id: 3041 }, // on offer 102's pass page
        { type: 'impression', module_id: 3048 }, // on offer 103's (another partner's)
        { type: 'click', module_id: 3053 }, // on the unregistered link's page of venue 301
        { type: 'click', module_id: 3013, product_id: 513 }, // offer 102
        { type: 'click', module_id: 3013, product_id: 999999 },
        { type: 'click', module_id: 3013, deal_id: 204 }, // offer 102
        { type: 'click', module_id: 3013, venue_id: 305 }, // offer 103 only
        { type: 'click', module_id: 3013, venue_id: 307 }, // offer 104 only
        { type: 'impression', module_id: 3013, deal_id: 201, product_id: 515 }, // one foreign id is enough
      ]) {
        expectError(await send(TOKENS.avaBrew, 1001, body), 404, 'not_found');
      }
    });
  });

  it('applies the holder guard: another user or signed out 404, preview and unregistered 403', async () => {
    await storesNothing(async () => {
      const body = { type: 'click', module_id: 3013 };
      expectError(await send(TOKENS.avaBrew, 1002, body), 404, 'not_found');
      expectError(await send(TOKENS.guestBrew, 1001, body), 404, 'not_found');
      expectError(await send(TOKENS.previewProduct, 1001, body), 403, 'forbidden');
      expectError(await send(TOKENS.unregVenue301, 1001, body), 403, 'forbidden');
      expectError(await send('no-such-token', 1001, body), 401, 'unauthorized');
    });
  });

  it('is rate limited like every pass API call', async () => {
    // This file's app allows 40 calls a minute per token and address; Noah has made none yet.
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) {
      statuses.push((await send(TOKENS.noahEmpty, 1003, { type: 'impression', module_id: 3001 })).statusCode);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const stored = (await storedEvents()).filter((row) => row.partner_user_id === 1003);
    expect(stored).toHaveLength(40);
  });
});
