import { messageList, messageListsResponse, partnerMessageLists } from '@trailpass/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/db/schema';
import { dumpDatabase } from './db/fixtures';
import { api, createTestApp, expectError, passHeaders, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Demo: partner 1 (offers 101, 102) has lists 801 Brew Trail News, 802 Lakeshore Events (both HTML
// descriptions) and 803 Partner Offers (no description); partner 942 (offer 103) has 804, partner 3 has
// 805. Ava (1001) is subscribed to 801 and 802 and has 803 at 0; Harper (1004) has 804 at 0; Sam (1002)
// and Noah (1003) have no rows (all 0).
const LISTS = [
  {
    id: 801,
    name: 'Brew Trail News',
    description: '<p>Monthly <strong>new stops</strong> and tap releases.</p>',
  },
  {
    id: 802,
    name: 'Lakeshore Events',
    description: '<p>Festivals, concerts &amp; <em>seasonal</em> happenings.</p>',
  },
  { id: 803, name: 'Partner Offers', description: null },
];

const rootLists = (
  token: string | undefined,
  query = '',
  headers: Record<string, string> = passHeaders(token),
) => t.app.inject({ method: 'GET', url: `/messageLists${query}`, headers });
const holderLists = (token: string, userId: number | string, query = 'offerId=101') =>
  api(t.app, 'GET', `/partnerUser/${userId}/messageLists?${query}`, token);
const putList = (
  token: string,
  userId: number | string,
  listId: number | string,
  payload: unknown,
  query = '',
) =>
  t.app.inject({
    method: 'PUT',
    url: `/pass/api/partnerUser/${userId}/messageLists/${listId}${query}`,
    headers: passHeaders(token),
    payload: payload as object,
  });

const rowsOf = (partnerUserId: number) =>
  t.database.db
    .select({ list: subscriptions.message_list_id, subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .where(eq(subscriptions.partner_user_id, partnerUserId))
    .orderBy(asc(subscriptions.message_list_id));

describe('GET /messageLists (spec 7, Mailing lists; site root)', () => {
  it("answers the pass partner's lists without flags to a holder, a signed-out pass and a preview", async () => {
    for (const token of [
      TOKENS.avaBrew,
      TOKENS.avaRewards,
      TOKENS.guestBrew,
      TOKENS.noahEmpty,
      TOKENS.previewVenue,
    ]) {
      const res = await rootLists(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(partnerMessageLists.strict().parse(res.json())).toEqual({ data: LISTS });
    }
    expect((await rootLists(TOKENS.harperCheckin)).json()).toEqual({
      data: [{ id: 804, name: 'Harbor Town Happenings', description: '<p>What is on around the bay.</p>' }],
    });
  });

  it('answers an unregistered link, which has no offer, with no lists', async () => {
    const res = await rootLists(TOKENS.unregVenue301);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('takes the token as ?t= and the dealId any call may carry', async () => {
    const res = await rootLists(undefined, `?t=${TOKENS.avaBrew}&dealId=201`, passHeaders(undefined));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(3);
  });

  it('needs the version header and a known token, and refuses unknown parameters', async () => {
    expectError(
      await rootLists(TOKENS.avaBrew, '', { 'x-pass-token': TOKENS.avaBrew }),
      400,
      'invalid_input',
    );
    expectError(await rootLists(undefined), 401, 'unauthorized');
    expectError(await rootLists('no-such-token'), 401, 'unauthorized');
    expect(
      expectError(await rootLists(TOKENS.avaBrew, '?offerId=101'), 400, 'invalid_input').fields?.offerId,
    ).toBe('Unknown field.');
    // Only at the root: not under /pass/api.
    expect((await api(t.app, 'GET', '/messageLists', TOKENS.avaBrew)).statusCode).toBe(404);
  });
});

describe('GET /partnerUser/{id}/messageLists (spec 7, Mailing lists)', () => {
  it("answers each list with the holder's flag, 0 where there is no row (Ava 2 of 3, Noah none)", async () => {
    const ava = await holderLists(TOKENS.avaBrew, 1001);
    expect(ava.statusCode, ava.body).toBe(200);
    expect(ava.headers['cache-control']).toBe('no-store');
    expect(messageListsResponse.parse(ava.json())).toEqual({
      data: LISTS.map((list) => ({ ...list, subscribed: list.id === 803 ? 0 : 1 })),
    });
    // Same partner, other offer: the same lists and flags.
    expect((await holderLists(TOKENS.avaRewards, 1001, 'offerId=102')).json()).toEqual(ava.json());
    expect((await holderLists(TOKENS.noahEmpty, 1003)).json()).toEqual({
      data: LISTS.map((list) => ({ ...list, subscribed: 0 })),
    });
    expect((await holderLists(TOKENS.harperCheckin, 1004, 'offerId=103')).json().data).toEqual([
      {
        id: 804,
        name: 'Harbor Town Happenings',
        description: '<p>What is on around the bay.</p>',
        subscribed: 0,
      },
    ]);
  });

  it('applies the holder guard and validates the query', async () => {
    for (const [token, userId, query] of [
      [TOKENS.avaBrew, 1002, 'offerId=101'],
      [TOKENS.avaBrew, 1001, 'offerId=102'],
      [TOKENS.avaBrew, 1001, 'offerId=103'],
      [TOKENS.harperCheckin, 1004, 'offerId=101'],
      [TOKENS.guestBrew, 1001, 'offerId=101'],
    ] as const) {
      expectError(await holderLists(token, userId, query), 404, 'not_found');
    }
    expectError(await holderLists(TOKENS.previewProduct, 1001), 403, 'forbidden');
    expectError(await holderLists(TOKENS.unregVenue301, 1001), 403, 'forbidden');
    expectError(await holderLists('no-such-token', 1001), 401, 'unauthorized');
    for (const query of ['', 'offerId=x', 'offerId=101&subscribed=1']) {
      expectError(await holderLists(TOKENS.avaBrew, 1001, query), 400, 'invalid_input');
    }
  });
});

describe('PUT /partnerUser/{id}/messageLists/{listId} (spec 7, Mailing lists)', () => {
  it('refuses bad input, another partner’s list and anyone but the holder, and changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    // The body's id must be the path's.
    const mismatch = expectError(
      await putList(TOKENS.avaBrew, 1001, 801, { id: 802, subscribed: 0 }),
      400,
      'invalid_input',
    );
    expect(mismatch.fields?.id).toBeDefined();
    for (const payload of [
      {},
      { id: 801 },
      { subscribed: 1 },
      { id: 801, subscribed: 2 },
      { id: 801, subscribed: '1' },
      { id: 801, subscribed: true },
      { id: '801', subscribed: 1 },
      { id: 801, subscribed: 1, name: 'x' },
      { id: 801, subscribed: 1, partnerUserId: 1002 },
      [],
    ]) {
      expectError(await putList(TOKENS.avaBrew, 1001, 801, payload), 400, 'invalid_input');
    }
    expectError(await putList(TOKENS.avaBrew, 1001, 'abc', { id: 801, subscribed: 1 }), 400, 'invalid_input');
    expectError(
      await putList(TOKENS.avaBrew, 1001, 801, { id: 801, subscribed: 1 }, '?offerId=101'),
      400,
      'invalid_input',
    );
    const notFoundMessages = new Set<string>();
    for (const [token, userId, listId] of [
      [TOKENS.avaBrew, 1001, 804], // partner 942's
      [TOKENS.avaBrew, 1001, 805], // partner 3's
      [TOKENS.avaBrew, 1001, 999999],
      [TOKENS.harperCheckin, 1004, 801], // partner 1's list, Harper's pass is partner 942's
      [TOKENS.avaBrew, 1002, 801], // Sam's id in the path
      [TOKENS.samStaff, 1001, 801],
      [TOKENS.guestBrew, 1001, 801],
    ] as const) {
      const res = await putList(token, userId, listId, { id: listId, subscribed: 1 });
      notFoundMessages.add(expectError(res, 404, 'not_found').message);
    }
    expect(notFoundMessages.size).toBe(1);
    expectError(
      await putList(TOKENS.previewProduct, 1001, 801, { id: 801, subscribed: 1 }),
      403,
      'forbidden',
    );
    expectError(await putList(TOKENS.unregVenue301, 1001, 801, { id: 801, subscribed: 1 }), 403, 'forbidden');
    expectError(await putList('no-such-token', 1001, 801, { id: 801, subscribed: 1 }), 401, 'unauthorized');
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });

  it('creates the row of a list the holder never chose, then updates it (Noah)', async () => {
    expect(await rowsOf(1003)).toEqual([]);
    const on = await putList(TOKENS.noahEmpty, 1003, 802, { id: 802, subscribed: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.headers['cache-control']).toBe('no-store');
    expect(messageList.parse(on.json())).toEqual({ ...LISTS[1], subscribed: 1 });
    expect(await rowsOf(1003)).toEqual([{ list: 802, subscribed: 1 }]);
    expect(
      (await holderLists(TOKENS.noahEmpty, 1003))
        .json()
        .data.map((l: { subscribed: number }) => l.subscribed),
    ).toEqual([0, 1, 0]);

    const off = await putList(TOKENS.noahEmpty, 1003, 802, { id: 802, subscribed: 0 });
    expect(off.json()).toEqual({ ...LISTS[1], subscribed: 0 });
    // Again 0: still one row, no error.
    expect((await putList(TOKENS.noahEmpty, 1003, 802, { id: 802, subscribed: 0 })).statusCode).toBe(200);
    expect(await rowsOf(1003)).toEqual([{ list: 802, subscribed: 0 }]);
  });

  it('updates an existing row in place, and Unsubscribe All (one call per subscribed list) leaves all at 0', async () => {
    const avaRows = async () =>
      t.database.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.partner_user_id, 1001)))
        .orderBy(asc(subscriptions.id));
    const before = await avaRows();
    expect(before.map((row) => row.id)).toEqual([851, 852, 853]);
    const res = await putList(
      TOKENS.avaRewards,
      1001,
      803,
      { id: 803, subscribed: 1 },
      `?t=${TOKENS.avaRewards}`,
    );
    expect(res.json()).toEqual({ ...LISTS[2], subscribed: 1 });
    const subscribed = (await holderLists(TOKENS.avaBrew, 1001))
      .json()
      .data.filter((l: { subscribed: number }) => l.subscribed);
    expect(subscribed).toHaveLength(3);
    const answers = await Promise.all(
      subscribed.map((list: { id: number }) =>
        putList(TOKENS.avaBrew, 1001, list.id, { id: list.id, subscribed: 0 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const after = await avaRows();
    expect(after.map((row) => [row.id, row.message_list_id, row.subscribed])).toEqual([
      [851, 801, 0],
      [852, 802, 0],
      [853, 803, 0],
    ]);
    // Harper's row is untouched.
    expect(await rowsOf(1004)).toEqual([{ list: 804, subscribed: 0 }]);
  });
});
