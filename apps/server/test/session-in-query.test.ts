import { type DataResponse, dataResponse } from '@trailpass/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/db/tokens';
import { findHolderRow, findSessionHolderRow } from '../src/modules/data/repository';
import { findOfferPointsDeals, findSessionOfferDeals } from '../src/modules/points/repository';
import { findSessionByTokenHash } from '../src/modules/sessions/repository';
import { api, createTestApp, expectError, mintVisitor, type TestApp, TOKENS } from './helpers';

/**
 * GET /data and the points calls read their session in their own first query (decision 0023, round three).
 * These tests hold them to: the same session and rows as the separate lookups; one query per signed-in
 * /data; sign-in, sign-out and unknown tokens seen on the very next request, answered as the session hook
 * answers them.
 */

let t: TestApp;

/** Ava's Experiences page: the assignment call the app makes first. */
const ASSIGNMENT = '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101';

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** How many queries the database client is sent while `run` runs. */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

async function getData(token: string): Promise<DataResponse> {
  const res = await api(t.app, 'GET', '/data', token);
  expect(res.statusCode, res.body).toBe(200);
  return dataResponse.parse(res.json());
}

describe('the session and holder query', () => {
  it('finds what the session lookup and the holder read find, for every kind of session', async () => {
    for (const token of Object.values(TOKENS)) {
      const tokenHash = hashToken(token);
      const found = await findSessionHolderRow(t.database.db, tokenHash);
      const session = await findSessionByTokenHash(t.database.db, tokenHash);
      expect(found?.session, token).toEqual(session);
      if (!session) continue;
      const holder =
        session.offerId === null
          ? null
          : await findHolderRow(t.database.db, session.offerId, session.partnerUserId);
      // A signed-out session matches no user on either side (-1 there, a null user here).
      expect(found?.holder ?? null, token).toEqual(holder);
      const points = await findSessionOfferDeals(t.database.db, tokenHash);
      expect(points?.session, token).toEqual(session);
      const offerDeals =
        session.offerId === null ? null : await findOfferPointsDeals(t.database.db, session.offerId);
      expect(points?.offerDeals ?? null, token).toEqual(offerDeals);
    }
    expect(await findSessionHolderRow(t.database.db, hashToken('no-such-token'))).toBeNull();
    expect(await findSessionOfferDeals(t.database.db, hashToken('no-such-token'))).toBeNull();
  });

  it('is the only query of a signed-in GET /data once the offer content is kept', async () => {
    await getData(TOKENS.avaBrew);
    let validated = false;
    expect(
      await queriesDuring(async () => {
        validated = (await getData(TOKENS.avaBrew)).validated;
      }),
    ).toBe(1);
    expect(validated).toBe(true);
  });

  it('is one query for every holder, with points and orders or none, and for a signed-out visitor', async () => {
    // Noah holds a pass and nothing else: his snapshot row was made with his pass (migration 0009), so his
    // parts are not computed in a second query. A visitor has no parts at all.
    const visitor = await mintVisitor(t.app, TOKENS.guestBrew);
    const tokens = [TOKENS.avaRewards, TOKENS.samStaff, TOKENS.noahEmpty, TOKENS.harperCheckin, visitor];
    for (const token of tokens) await getData(token);
    for (const token of tokens) expect(await queriesDuring(() => getData(token)), token).toBe(1);
  });
});

describe('GET /data and the session', () => {
  it('shows sign-in and sign-out on the very next call', async () => {
    const visitor = await mintVisitor(t.app, TOKENS.guestBrew);
    expect((await getData(visitor)).validated).toBe(false);

    const login = await api(t.app, 'POST', '/login', visitor, { payload: { email: 'ava@example.com' } });
    expect(login.statusCode, login.body).toBe(200);
    const signedIn = await getData(visitor);
    expect(signedIn.validated).toBe(true);
    expect(signedIn.partner_user?.id).toBe(1001);

    const history = `/partnerUser/1001/points/history?offerId=101`;
    expect((await api(t.app, 'GET', history, visitor)).statusCode).toBe(200);

    expect((await api(t.app, 'GET', ASSIGNMENT, visitor)).statusCode).toBe(200);

    expect((await api(t.app, 'POST', '/logout', visitor)).statusCode).toBe(200);
    expectError(await api(t.app, 'GET', history, visitor), 404, 'not_found');
    expectError(await api(t.app, 'GET', ASSIGNMENT, visitor), 404, 'not_found');
    const signedOut = await getData(visitor);
    expect(signedOut.validated).toBe(false);
    expect(signedOut.partner_user).toBeNull();
    expect(signedOut.order_products).toEqual([]);
  });

  it('answers 401 for an unknown or over-long token, without rate-limit counters, and 400 without the version header', async () => {
    for (const url of ['/data', '/partnerUser/1001/points/current?offerId=101', ASSIGNMENT]) {
      const unknown = await api(t.app, 'GET', url, 'no-such-token');
      expectError(unknown, 401, 'unauthorized');
      expect(Object.keys(unknown.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    expectError(await api(t.app, 'GET', '/data', 'x'.repeat(300)), 401, 'unauthorized');
    const res = await t.app.inject({
      method: 'GET',
      url: '/pass/api/data',
      headers: { 'x-pass-token': TOKENS.avaBrew },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the points history page', () => {
  it('counts the whole history on every page, and on a page past the end', async () => {
    const page = async (query: string) => {
      const res = await api(
        t.app,
        'GET',
        `/partnerUser/1001/points/history?offerId=101&dealId=201${query}`,
        TOKENS.avaBrew,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ id: number }>; total: number };
    };
    const all = await page('');
    expect(all.total).toBe(all.data.length);
    expect(all.total).toBeGreaterThan(1);
    const second = await page('&page=2&display=1');
    expect(second).toMatchObject({ total: all.total, data: [{ id: all.data[1]?.id }] });
    const past = await page(`&page=${all.total + 1}&display=1`);
    expect(past).toMatchObject({ total: all.total, data: [] });
  });
});

describe('the holder assignment call', () => {
  it('is one query once its page is kept, and refuses what the session may not see', async () => {
    expect((await api(t.app, 'GET', ASSIGNMENT, TOKENS.avaBrew)).statusCode).toBe(200);
    let status = 0;
    expect(
      await queriesDuring(async () => {
        status = (await api(t.app, 'GET', ASSIGNMENT, TOKENS.avaBrew)).statusCode;
      }),
    ).toBe(1);
    expect(status).toBe(200);
    // Another user's id, another offer, a signed-out session: 404; a preview: 403 (as the session hook did).
    expectError(
      await api(t.app, 'GET', ASSIGNMENT.replace('1001', '1002'), TOKENS.avaBrew),
      404,
      'not_found',
    );
    expectError(
      await api(t.app, 'GET', ASSIGNMENT.replace('offerId=101', 'offerId=102'), TOKENS.avaBrew),
      404,
      'not_found',
    );
    expectError(await api(t.app, 'GET', ASSIGNMENT, TOKENS.guestBrew), 404, 'not_found');
    expectError(await api(t.app, 'GET', ASSIGNMENT, TOKENS.previewProduct), 403, 'forbidden');
  });
});
