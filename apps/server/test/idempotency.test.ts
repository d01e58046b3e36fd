import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENT_REPLAY_HEADER,
  REDEEM_BLOCK_MESSAGES,
} from '@trailpass/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { idempotency_keys, order_products, pin_attempts, points_ledger } from '../src/db/schema';
import { WRONG_PIN_MESSAGE } from '../src/modules/redeem/domain';
import { api, type TestApp, TOKENS } from './helpers';
import { expectRefusal, freshAppPool, redemptionSnapshot } from './redeem-helpers';

// Demo (demo/README.md): Ava (1001) holds check-in 9306 (product 502 at Driftwood, code 1357, 50 points,
// order deal 9103 with 2 redemptions left) and coupon 9310 (506 at venue 308, code 5150). Sam (1002)
// holds check-in 9316 (501, code 4821, 50 points) on the same offer.
const AVA = 1001;
const SAM = 1002;
const KEY = '5b0d6c1e-7f43-4a8e-9d2b-31c4e8a6f901';
const OTHER_KEY = 'c2f1a9d4-3e57-4b60-8a1c-7d9e2b4f6a05';
const REPLAY = IDEMPOTENT_REPLAY_HEADER.toLowerCase();

interface Call {
  body: object;
  key?: string;
  path?: 'redeem' | 'checkIn';
  user?: number;
  token?: string;
}
function send(t: TestApp, call: Call) {
  const user = call.user ?? AVA;
  return api(t.app, 'POST', `/partnerUser/${user}/${call.path ?? 'checkIn'}`, call.token ?? TOKENS.avaBrew, {
    payload: { partnerUserId: user, ...call.body },
    headers: call.key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: call.key },
  });
}
const avaCheckIn = { orderProductIds: [9306], pinNumber: '1357' };
const samCheckIn = { orderProductIds: [9316], pinNumber: '4821' };

async function ledgerOf(t: TestApp, orderProductId: number) {
  return t.database.db.select().from(points_ledger).where(eq(points_ledger.order_product_id, orderProductId));
}
async function orderProduct(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(order_products).where(eq(order_products.id, id));
  return row;
}
async function keys(t: TestApp) {
  return t.database.db
    .select()
    .from(idempotency_keys)
    .orderBy(asc(idempotency_keys.partner_user_id), asc(idempotency_keys.key));
}

const pool = freshAppPool();
const { freshApp } = pool;
afterAll(pool.closeAll);
/** One app for the tests that change nothing. */
let shared: Promise<TestApp> | undefined;
const sharedApp = () => {
  shared ??= pool.sharedApp();
  return shared;
};

describe('a key sent again', () => {
  it('is answered with the first answer and the replay header, and acts once', async () => {
    const t = await freshApp();
    const first = await send(t, { body: avaCheckIn, key: KEY });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[REPLAY]).toBeUndefined();
    expect(first.json().points_earned).toBe(50);
    const afterFirst = await redemptionSnapshot(t, { attempts: true });

    const second = await send(t, { body: avaCheckIn, key: KEY });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers[REPLAY]).toBe('true');
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.json()).toEqual(first.json());
    expect(await redemptionSnapshot(t, { attempts: true })).toEqual(afterFirst);
    expect(await ledgerOf(t, 9306)).toHaveLength(1);
    expect(await orderProduct(t, 9306)).toMatchObject({ redemptions: 1, redemptions_remaining_use: 0 });

    expect(await keys(t)).toEqual([
      {
        partner_user_id: AVA,
        key: KEY,
        request_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        status: '200',
        response: first.json(),
        created_at: t.importedAt,
      },
    ]);
  });

  it('20 at once: one acts, the others get its answer or 409 in progress; one ledger entry (PGlite and Postgres)', async () => {
    const t = await freshApp();
    const before = await redemptionSnapshot(t, { attempts: true });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(t, { body: avaCheckIn, key: KEY })),
    );
    const acted = responses.filter((res) => res.statusCode === 200 && res.headers[REPLAY] === undefined);
    expect(acted, responses.map((res) => res.body).join('\n')).toHaveLength(1);
    const answer = acted[0]?.json();
    expect(answer.points_earned).toBe(50);
    for (const res of responses) {
      if (res === acted[0]) continue;
      if (res.statusCode === 200) {
        expect(res.headers[REPLAY]).toBe('true');
        expect(res.json()).toEqual(answer);
      } else {
        expectRefusal(res, 409, IDEMPOTENCY_IN_PROGRESS_MESSAGE);
        expect(res.json().error.code).toBe('conflict');
      }
    }
    expect(await ledgerOf(t, 9306)).toHaveLength(1);
    const after = await redemptionSnapshot(t, { attempts: true });
    expect(after.ledger).toHaveLength(before.ledger.length + 1);
    expect(after.orderDeals.find((d) => d.id === 9103)).toMatchObject({ redemptions_made: 6 });
    // Once answered, every repeat is the answer.
    const later = await send(t, { body: avaCheckIn, key: KEY });
    expect(later.headers[REPLAY]).toBe('true');
    expect(later.json()).toEqual(answer);
  });

  it('with a wrong code replays the 422 and counts one attempt', async () => {
    const t = await freshApp();
    const wrong = { orderProductIds: [9310], pinNumber: '0000' };
    const first = await send(t, { path: 'redeem', body: wrong, key: KEY });
    expectRefusal(first, 422, WRONG_PIN_MESSAGE);
    const second = await send(t, { path: 'redeem', body: wrong, key: KEY });
    expectRefusal(second, 422, WRONG_PIN_MESSAGE);
    expect(second.headers[REPLAY]).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.database.db.select().from(pin_attempts).orderBy(asc(pin_attempts.key))).toEqual([
      expect.objectContaining({ key: 'order_product:9310', attempts: 1 }),
      expect.objectContaining({ key: `user_venue:${AVA}:308`, attempts: 1 }),
    ]);
    // The right code under a new key redeems.
    const right = await send(t, { path: 'redeem', body: { ...wrong, pinNumber: '5150' }, key: OTHER_KEY });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('with another body or on the other call is 422, and changes nothing', async () => {
    const t = await freshApp();
    expect((await send(t, { body: avaCheckIn, key: KEY })).statusCode).toBe(200);
    const before = await redemptionSnapshot(t, { attempts: true });
    const storedKeys = await keys(t);
    const coupon = { orderProductIds: [9310], pinNumber: '5150' };
    const reused = await send(t, { path: 'redeem', body: coupon, key: KEY });
    expectRefusal(reused, 422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
    expect(reused.json().error.code).toBe('unprocessable');
    expect(reused.headers[REPLAY]).toBeUndefined();
    // Same body, other call.
    expectRefusal(
      await send(t, { path: 'redeem', body: avaCheckIn, key: KEY }),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    // Same call, one field different.
    expectRefusal(
      await send(t, { body: { ...avaCheckIn, pinNumber: '1358' }, key: KEY }),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    expect(await redemptionSnapshot(t, { attempts: true })).toEqual(before);
    expect(await keys(t)).toEqual(storedKeys);
    expect((await orderProduct(t, 9310))?.redeemed).toBeNull();
  });

  it('of one holder is no key of another: each acts for their own', async () => {
    const t = await freshApp();
    const ava = await send(t, { body: avaCheckIn, key: KEY });
    expect(ava.statusCode, ava.body).toBe(200);
    const sam = await send(t, { body: samCheckIn, key: KEY, user: SAM, token: TOKENS.samStaff });
    expect(sam.statusCode, sam.body).toBe(200);
    expect(sam.headers[REPLAY]).toBeUndefined();
    expect(sam.json().order_products[0]).toMatchObject({ id: 9316 });
    expect(await ledgerOf(t, 9306)).toEqual([expect.objectContaining({ partner_user_id: AVA, points: 50 })]);
    expect(await ledgerOf(t, 9316)).toEqual([expect.objectContaining({ partner_user_id: SAM, points: 50 })]);
    expect((await keys(t)).map((row) => [row.partner_user_id, row.key, row.status])).toEqual([
      [AVA, KEY, '200'],
      [SAM, KEY, '200'],
    ]);
    // And each holder's repeat is their own answer.
    const samAgain = await send(t, { body: samCheckIn, key: KEY, user: SAM, token: TOKENS.samStaff });
    expect(samAgain.headers[REPLAY]).toBe('true');
    expect(samAgain.json()).toEqual(sam.json());
  });
});

describe('without a usable key', () => {
  it.each([
    ['too short', 'abc123'],
    ['with a space', 'not a valid key at all 123'],
    ['with a dot', '5b0d6c1e.7f43.4a8e.9d2b.31c4e8a6f901'],
    ['too long', 'k'.repeat(129)],
  ])('400 for a key %s, in the redeem shape, and nothing changes', async (_name, key) => {
    const t = await sharedApp();
    const before = await redemptionSnapshot(t, { attempts: true });
    const storedKeys = await keys(t);
    const body = expectRefusal(
      await send(t, { body: samCheckIn, key, user: SAM, token: TOKENS.samStaff }),
      400,
    );
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields)).toEqual([IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    expect(await redemptionSnapshot(t, { attempts: true })).toEqual(before);
    expect(await keys(t)).toEqual(storedKeys);
  });

  it('no key: today’s behaviour, a repeat is refused as already used and nothing is kept', async () => {
    const t = await freshApp();
    const coupon = { orderProductIds: [9310], pinNumber: '5150' };
    const first = await send(t, { path: 'redeem', body: coupon });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[REPLAY]).toBeUndefined();
    const again = await send(t, { path: 'redeem', body: coupon });
    expectRefusal(again, 409, REDEEM_BLOCK_MESSAGES.used);
    expect(again.headers[REPLAY]).toBeUndefined();
    expect(await keys(t)).toEqual([]);
  });

  it('a preview link’s key on the holder call is ignored: 403, nothing kept', async () => {
    const t = await sharedApp();
    const storedKeys = await keys(t);
    expectRefusal(await send(t, { body: avaCheckIn, key: OTHER_KEY, token: TOKENS.previewProduct }), 403);
    expect(await keys(t)).toEqual(storedKeys);
  });
});

describe('answers that are not kept', () => {
  it('429 releases the key: the same key retried after the wait really runs', async () => {
    const t = await freshApp();
    for (const pinNumber of ['0001', '0002', '0003', '0004', '0005']) {
      expectRefusal(await send(t, { path: 'redeem', body: { orderProductIds: [9310], pinNumber } }), 422);
    }
    const right = { orderProductIds: [9310], pinNumber: '5150' };
    const limited = await send(t, { path: 'redeem', body: right, key: KEY });
    expectRefusal(limited, 429);
    expect(await keys(t)).toEqual([]);
    // The window passes; the retry with the same key redeems.
    await t.database.db
      .update(pin_attempts)
      .set({ window_started_at: new Date(t.importedAt.getTime() - 15 * 60_000 - 1) });
    const retried = await send(t, { path: 'redeem', body: right, key: KEY });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers[REPLAY]).toBeUndefined();
    expect((await keys(t)).map((row) => row.status)).toEqual(['200']);
  });

  it('a pending key is 409 for a minute, then taken over by a retry that runs', async () => {
    const t = await freshApp();
    const wrong = { orderProductIds: [9310], pinNumber: '0000' };
    expectRefusal(await send(t, { path: 'redeem', body: wrong, key: KEY }), 422, WRONG_PIN_MESSAGE);
    // As if the first request had claimed the key and died before answering.
    const claimedAt = (ago: number) => new Date(t.importedAt.getTime() - ago);
    const pending = { status: 'pending', response: null };
    await t.database.db.update(idempotency_keys).set({ ...pending, created_at: claimedAt(59_000) });
    expectRefusal(
      await send(t, { path: 'redeem', body: wrong, key: KEY }),
      409,
      IDEMPOTENCY_IN_PROGRESS_MESSAGE,
    );
    // Another body is still 422, pending or not.
    expectRefusal(
      await send(t, { path: 'redeem', body: { ...wrong, pinNumber: '1111' }, key: KEY }),
      422,
      IDEMPOTENCY_KEY_REUSED_MESSAGE,
    );
    await t.database.db.update(idempotency_keys).set({ created_at: claimedAt(60_000) });
    const retried = await send(t, { path: 'redeem', body: wrong, key: KEY });
    expectRefusal(retried, 422, WRONG_PIN_MESSAGE);
    expect(retried.headers[REPLAY]).toBeUndefined();
    // It ran: a second attempt counted, and the answer is kept with the new claim time.
    const [attempts] = await t.database.db
      .select()
      .from(pin_attempts)
      .where(eq(pin_attempts.key, 'order_product:9310'));
    expect(attempts?.attempts).toBe(2);
    expect(await keys(t)).toEqual([
      expect.objectContaining({ status: '422', response: retried.json(), created_at: t.importedAt }),
    ]);
  });

  it('keys older than a day are deleted as new keys are claimed, whoever they belong to', async () => {
    const t = await freshApp();
    const old = new Date(t.importedAt.getTime() - 24 * 3_600_000 - 1);
    const recent = new Date(t.importedAt.getTime() - 23 * 3_600_000);
    const row = { request_hash: 'f'.repeat(64), status: '200', response: { ok: true } };
    await t.database.db.insert(idempotency_keys).values([
      { ...row, partner_user_id: SAM, key: 'old-key-of-sam-0001', created_at: old },
      { ...row, partner_user_id: AVA, key: 'old-key-of-ava-0001', created_at: old },
      { ...row, partner_user_id: AVA, key: 'recent-key-of-ava-01', created_at: recent },
    ]);
    expect((await send(t, { body: avaCheckIn, key: KEY })).statusCode).toBe(200);
    expect((await keys(t)).map((r) => r.key)).toEqual([KEY, 'recent-key-of-ava-01']);
  });
});

describe('OpenAPI', () => {
  it('documents the optional Idempotency-Key header on the holder redeem and check-in calls', async () => {
    const t = await sharedApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/pass/api/openapi.json' })).json();
    for (const call of ['redeem', 'checkIn']) {
      const operation = doc.paths[`/pass/api/partnerUser/{id}/${call}`].post;
      const header = operation.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect(header, call).toMatchObject({ required: false, schema: { type: 'string' } });
      expect(operation.description).toContain(IDEMPOTENCY_KEY_HEADER);
    }
    const preview = doc.paths['/pass/api/preview/checkIn'].post;
    expect(preview.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'idempotency-key' }));
  });
});
