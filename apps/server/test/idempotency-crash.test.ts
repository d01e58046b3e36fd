import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@trailpass/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotency_keys, order_deals, order_products } from '../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

// Demo (demo/README.md): Ava (1001) holds ticket 9311 (product 507 at Driftwood, code 1357) with 2 uses left,
// in order deal 9103 (5 made, 2 remaining).
const AVA = 1001;
const KEY = '0b6f3c2a-9d1e-4f57-8a3b-6c4d2e1f0a97';
const MINUTE = 60_000;

let t: TestApp;
let now = new Date();

beforeAll(async () => {
  t = await createTestApp({ now, clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const redeemTicket = () =>
  api(t.app, 'POST', `/partnerUser/${AVA}/redeem`, TOKENS.avaBrew, {
    payload: { partnerUserId: AVA, orderProductIds: [9311], pinNumber: '1357' },
    headers: { [IDEMPOTENCY_KEY_HEADER]: KEY },
  });

/**
 * The state a server killed after a redemption commits and before its answer is kept leaves behind, made
 * without killing anything: while this trigger is there, keeping an answer for a key (pending -> a status)
 * fails, as it never happens in a dead process.
 */
async function answersCannotBeKept(on: boolean) {
  const db = t.database.db;
  if (on) {
    await db.execute(sql`create function refuse_answers() returns trigger language plpgsql as $$
      begin raise exception 'the server died before keeping the answer'; end $$`);
    await db.execute(sql`create trigger refuse_answers before update on idempotency_keys for each row
      when (old.status = 'pending' and new.status <> 'pending') execute function refuse_answers()`);
  } else {
    await db.execute(sql`drop trigger refuse_answers on idempotency_keys`);
    await db.execute(sql`drop function refuse_answers()`);
  }
}

describe('a redemption and its idempotency answer commit together', () => {
  // Found by scripts/crash-test.mjs: killed between the commit and onSend, the key stayed pending over a
  // redemption that was made; a retry a minute later took the claim over and redeemed again.
  it('a retry of a request that died gets a redemption made once, never a second use', async () => {
    await answersCannotBeKept(true);
    const died = await redeemTicket();
    await answersCannotBeKept(false);
    expect(died.statusCode).toBe(500);

    // The offline queue sends the check-in again, after the minute that makes a pending claim abandoned.
    now = new Date(now.getTime() + 2 * MINUTE);
    const retried = await redeemTicket();
    expect(retried.statusCode, retried.body).toBe(200);
    const db = t.database.db;
    const [ticket] = await db.select().from(order_products).where(eq(order_products.id, 9311));
    expect(ticket).toMatchObject({ redemptions: 1, redemptions_remaining_use: 1 });
    const [orderDeal] = await db.select().from(order_deals).where(eq(order_deals.id, 9103));
    expect(orderDeal).toMatchObject({ redemptions_made: 6, redemptions_remaining: 1 });

    const again = await redeemTicket();
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(retried.json());
    const [key] = await db
      .select()
      .from(idempotency_keys)
      .where(and(eq(idempotency_keys.partner_user_id, AVA), eq(idempotency_keys.key, KEY)));
    expect(key?.status).toBe('200');
    const [unchanged] = await db.select().from(order_products).where(eq(order_products.id, 9311));
    expect(unchanged?.redemptions).toBe(1);
  });
});
