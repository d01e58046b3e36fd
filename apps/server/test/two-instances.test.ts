import { NOT_ENOUGH_POINTS_MESSAGE, REDEEM_BLOCK_MESSAGES } from '@trailpass/contract';
import { and, asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order_deals, order_products, points_ledger } from '../src/db/schema';
import { WRONG_PIN_MESSAGE } from '../src/modules/redeem/domain';
import type { RateLimitSettings } from '../src/plugins/rate-limit';
import {
  api,
  copyDraft,
  createTestApp,
  passHeaders,
  type SecondInstance,
  startSecondInstance,
  type TestApp,
  TOKENS,
} from './helpers';

/**
 * Two server instances on one database (DESIGN.md section 6): on Postgres the second instance has its
 * own connection pool, as a second process behind a load balancer would; on PGlite (one process) it
 * shares the embedded database. Requests alternate between the two; the rules hold across them. With
 * TEST_REDIS_URL (npm test sets it when a Redis answers) both count their rate limits in that one Redis,
 * given the same client as server.ts gives an instance for REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let t: TestApp;
let second: SecondInstance;
let redis: Redis | undefined;

beforeAll(async () => {
  // A Redis database of its own (14): rate-limit-redis.test.ts empties its database before each test, and
  // test files run in parallel.
  redis = redisUrl ? new Redis(redisUrl, { db: 14, maxRetriesPerRequest: 1 }) : undefined;
  await redis?.ping();
  const rateLimit: RateLimitSettings = {
    apiPerMinute: 10_000,
    loginPerMinute: 3,
    pinAttemptsPerTarget: 3,
    pinAttemptsPerUserVenue: 1_000,
    ...(redis ? { redis } : {}),
  };
  t = await createTestApp({ rateLimit });
  second = await startSecondInstance(t, { rateLimit, poolMax: 5 });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  await redis?.quit();
});

const instance = (i: number) => (i % 2 === 0 ? t.app : second.app);
function post(i: number, method: 'POST' | 'PUT', url: string, token: string, payload: object) {
  return instance(i).inject({ method, url: `/pass/api${url}`, headers: passHeaders(token), payload });
}

describe('two server instances on one database', () => {
  it('complete: of 50 orders worth more than the balance, only those it covers succeed', async () => {
    const db = t.database.db;
    const created = await post(0, 'POST', '/cart', TOKENS.avaRewards, {
      offerId: 102,
      partnerUserId: 1001,
      qty: 1,
      itemId: 1210,
      itemType: 'product',
      deliveryMethod: 'shipped',
      payWithPoints: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderId: number = created.json().orderId;
    const ids = await copyDraft(t.database, orderId, 49);
    const responses = await Promise.all(
      ids.map((id, i) => post(i, 'PUT', `/cart/${id}/complete`, TOKENS.avaRewards, { orderId: id })),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 200, ...Array(48).fill(422)]);
    expect(responses.filter((r) => r.statusCode === 422).map((r) => r.json().error.message)).toEqual(
      Array(48).fill(NOT_ENOUGH_POINTS_MESSAGE),
    );
    const ledger = await db
      .select()
      .from(points_ledger)
      .where(and(eq(points_ledger.partner_user_id, 1001), eq(points_ledger.deal_id, 204)))
      .orderBy(asc(points_ledger.value_date), asc(points_ledger.id));
    let running = 0;
    for (const entry of ledger) {
      running += entry.points;
      expect(entry.balance).toBe(running);
    }
    expect(running).toBe(1200 - 2 * 450);
  });

  it('redeem: of 20 check-ins on a deal with one redemption left, exactly one goes through', async () => {
    const db = t.database.db;
    await db.update(order_deals).set({ redemptions_remaining: 1 }).where(eq(order_deals.id, 9103));
    const [template] = await db.select().from(order_products).where(eq(order_products.id, 9306));
    if (!template) throw new Error('demo order product 9306 missing');
    const ids = (
      await db
        .insert(order_products)
        .values(Array.from({ length: 20 }, () => ({ ...template, id: undefined })))
        .returning({ id: order_products.id })
    ).map((row) => row.id);
    const responses = await Promise.all(
      ids.map((id, i) =>
        post(i, 'POST', '/partnerUser/1001/checkIn', TOKENS.avaBrew, {
          partnerUserId: 1001,
          orderProductIds: [id],
          pinNumber: '1357',
        }),
      ),
    );
    const statuses = responses.map((res) => res.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, ...Array(19).fill(422)]);
    expect(responses.filter((r) => r.statusCode === 422).map((r) => r.json().error.message)).toEqual(
      Array(19).fill(REDEEM_BLOCK_MESSAGES['deal-limit']),
    );
    const [orderDeal] = await db.select().from(order_deals).where(eq(order_deals.id, 9103));
    expect(orderDeal).toMatchObject({ redemptions_made: 6, redemptions_remaining: 0 });
    const redeemed = (await db.select().from(order_products)).filter(
      (op) => ids.includes(op.id) && op.redeemed,
    );
    expect(redeemed).toHaveLength(1);
  });
});

describe('limits counted on one instance hold on the other', () => {
  it('wrong codes: the attempts on an order product are counted in the database, whichever instance', async () => {
    // Ava's 9315 (Buy 3 lattes, product 512 at Birch Harbor Coffee Roasters, code 3003, in order deal 9104
    // with 3 remaining); 3 tries per order product here.
    const attempt = (i: number, pinNumber: string) =>
      post(i, 'POST', '/partnerUser/1001/redeem', TOKENS.avaBrew, {
        partnerUserId: 1001,
        orderProductIds: [9315],
        pinNumber,
      });
    for (const i of [0, 1, 0]) {
      const wrong = await attempt(i, '0000');
      expect(wrong.statusCode, wrong.body).toBe(422);
      expect(wrong.json().error.message).toBe(WRONG_PIN_MESSAGE);
    }
    expect((await attempt(1, '0000')).statusCode).toBe(429);
    // Over the limit even the right code waits: the fifth try is refused before it is compared.
    expect((await attempt(0, '3003')).statusCode).toBe(429);
    const [coupon] = await t.database.db.select().from(order_products).where(eq(order_products.id, 9315));
    expect(coupon?.redeemed).toBeNull();
  });

  it.skipIf(!redisUrl)(
    'logins: the per-token and address limit is counted in Redis across instances',
    async () => {
      // An address of this test's own, so that no other test's logins count here. 3 logins per minute per
      // token and address.
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const login = (i: number) =>
        api(instance(i), 'POST', '/login', TOKENS.noahEmpty, {
          payload: { email: 'nobody@example.com' },
          remoteAddress,
        });
      const statuses = [];
      for (const i of [0, 1, 0, 1]) statuses.push((await login(i)).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      // One count for both: the first instance, at 2 tries of its own, is over the limit as well.
      expect((await login(0)).statusCode).toBe(429);
    },
  );
});
