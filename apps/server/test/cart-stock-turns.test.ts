import { ORDER_EXPIRED_MESSAGE, SOLD_OUT_MESSAGE } from '@trailpass/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../src/db/client';
import { orders, points_ledger, reward_items, reward_stock_takes } from '../src/db/schema';
import { stockLockKey } from '../src/modules/cart/stock';
import { api, createTestApp, passHeaders, reimportDemo, type TestApp } from './helpers';

/**
 * The reward stock model of decision 0016 ("Completing"): completions of live holds share the reward's stock
 * while more is left than there can be completions in flight (max_connections), and take their item without
 * waiting for the reward's row: from the stored count when the row is free, else as a pending take that a
 * later completion folds into the count. Near the end of the stock they take turns, as claims do. A claim
 * and a completion never both get the last one, and a hold that runs out while its completion waits for its
 * turn is 409.
 *
 * Lakeshore Rewards (offer 102, points deal 204) gets HOLDERS extra holders with 10,000 points each; they
 * claim the cruise (1211, pickup, 1000 points).
 */
const OFFER = 102;
const DEAL = 204;
const CRUISE = 1211;
const HOLDERS = 30;
const FIRST_ID = 700_000;
const postgresUrl = process.env.TEST_DATABASE_URL;

const token = (i: number) => `stock-turns-holder-${String(i).padStart(4, '0')}-x7Qm2Lp9`;
const REWARDS_PAGE = (user: number) =>
  `/partnerUser/${user}/modules/assignment/offer/assignmentId/${OFFER}/location/pass?offerId=${OFFER}`;

let t: TestApp;
let now = new Date();
let maxConnections = 0;

beforeAll(async () => {
  t = await createTestApp({ now, clock: () => now, cartHoldMs: 60_000 });
  await reimportDemo(t, (doc) => {
    const ava = doc.partnerUsers.find((user) => user.id === 1001);
    const avaLink = doc.passLinks.find((link) => link.partner_user_id === 1001 && link.offer_id === OFFER);
    if (!ava || !avaLink) throw new Error('the demo file changed');
    for (let i = 0; i < HOLDERS; i += 1) {
      const id = FIRST_ID + i;
      doc.partnerUsers.push({ ...ava, id, email: `stock-turns-${i}@example.com` });
      doc.passes.push({ id, partner_user_id: id, offer_id: OFFER, created_at: '@now-1d' } as never);
      doc.passLinks.push({ ...avaLink, id, token: token(i), label: `holder ${i}`, partner_user_id: id });
      doc.pointsLedger = doc.pointsLedger ?? [];
      doc.pointsLedger.push({
        id,
        partner_user_id: id,
        offer_id: OFFER,
        deal_id: DEAL,
        reason_text: 'test credit',
        points: 10_000,
        balance: 10_000,
        value_date: '@now-1d',
        expires_at: '@now+300d',
        order_id: null,
        order_product_id: null,
        redeemed: null,
      } as never);
    }
  });
  const rows = await t.database.db.execute(sql`select current_setting('max_connections')::int as n`);
  maxConnections = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n);
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, i: number, payload?: object) =>
  t.app.inject({
    method,
    url: `/pass/api${url}`,
    headers: passHeaders(token(i)),
    ...(payload ? { payload } : {}),
  });
const claim = (i: number) =>
  call('POST', '/cart', i, {
    offerId: OFFER,
    partnerUserId: FIRST_ID + i,
    qty: 1,
    itemId: CRUISE,
    itemType: 'product',
    deliveryMethod: 'picked_up',
    payWithPoints: true,
  });
const complete = (i: number, orderId: number) => call('PUT', `/cart/${orderId}/complete`, i, { orderId });

async function setStock(left: number) {
  await t.database.db.delete(reward_stock_takes).where(eq(reward_stock_takes.reward_item_id, CRUISE));
  await t.database.db
    .update(reward_items)
    .set({ tickets_available: { 0: left } })
    .where(eq(reward_items.id, CRUISE));
}

/** The stored count, the pending takes, and what is left after completed orders. */
async function stock() {
  const [row] = await t.database.db
    .select({ tickets: reward_items.tickets_available })
    .from(reward_items)
    .where(eq(reward_items.id, CRUISE));
  const pending = await t.database.db
    .select()
    .from(reward_stock_takes)
    .where(eq(reward_stock_takes.reward_item_id, CRUISE));
  const stored = row?.tickets?.['0'] ?? Number.NaN;
  return { stored, pending: pending.length, left: stored - pending.length };
}

/** The debits of these orders, and which of them are completed. */
async function sales(orderIds: number[]) {
  const debits = await t.database.db
    .select()
    .from(points_ledger)
    .where(and(inArray(points_ledger.order_id, orderIds), sql`${points_ledger.points} < 0`));
  const completed = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'completed')));
  return { debits, completed: completed.map((row) => row.id) };
}

/** What the Rewards catalogue and the Rewards assignment page show for the cruise, to holder `i`. */
async function shown(i: number) {
  const catalogue = await call('GET', `/partnerUser/${FIRST_ID + i}/rewards?offerId=${OFFER}`, i);
  const page = await api(t.app, 'GET', REWARDS_PAGE(FIRST_ID + i), token(i));
  expect(catalogue.statusCode, catalogue.body).toBe(200);
  expect(page.statusCode, page.body).toBe(200);
  const of = (items: { id: number; ticketsAvailable: unknown }[]) =>
    items.find((item) => item.id === CRUISE)?.ticketsAvailable;
  return { catalogue: of(catalogue.json().rewardItems), page: of(page.json().data.rewardItems) };
}

async function holdsOf(holders: number[]): Promise<number[]> {
  const orderIds: number[] = [];
  for (const i of holders) {
    const res = await claim(i);
    expect(res.statusCode, res.body).toBe(200);
    orderIds.push(res.json().orderId);
  }
  return orderIds;
}

describe('completions of one reward sharing its stock', () => {
  it('every live hold completes in parallel, once, through the shared turn and into turns near the end', async () => {
    now = new Date();
    // Ten more than max_connections: the first completions share, the rest take turns.
    const start = maxConnections + 10;
    await setStock(start);
    const holders = Array.from({ length: HOLDERS }, (_, i) => i);
    const orderIds = await holdsOf(holders);
    expect(await shown(0)).toEqual({ catalogue: { 0: start - HOLDERS }, page: { 0: start } });

    // Each completion sent twice at once: a double tap.
    const answers = await Promise.all(
      holders.flatMap((i) => [complete(i, orderIds[i] as number), complete(i, orderIds[i] as number)]),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const i of holders) {
      const [first, second] = [answers[2 * i], answers[2 * i + 1]];
      expect(first?.json().order.status).toBe('completed');
      expect(second?.body).toBe(first?.body);
    }
    const { debits, completed } = await sales(orderIds);
    expect(completed.sort()).toEqual([...orderIds].sort());
    expect(debits.map((debit) => debit.order_id).sort()).toEqual([...orderIds].sort());
    expect(debits.every((debit) => debit.points === -1000 && debit.balance === 9000)).toBe(true);
    expect((await stock()).left).toBe(start - HOLDERS);
    expect(await shown(0)).toEqual({
      catalogue: { 0: start - HOLDERS },
      page: { 0: start - HOLDERS },
    });

    // A replay later: the same answer, nothing charged or taken.
    const again = await complete(3, orderIds[3] as number);
    expect(again.body).toBe(answers[6]?.body);
    expect((await sales(orderIds)).debits).toHaveLength(HOLDERS);
    expect((await stock()).left).toBe(start - HOLDERS);
  });

  it('the last one, under parallel claims and a completion: never sold twice', async () => {
    now = new Date(now.getTime() + 120_000); // earlier holds have run out
    await setStock(1);
    const [held] = await holdsOf([0]);
    const others = [1, 2, 3, 4, 5];
    const [done, ...claims] = await Promise.all([complete(0, held as number), ...others.map(claim)]);
    expect(done?.statusCode, done?.body).toBe(200);
    for (const res of claims) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(SOLD_OUT_MESSAGE);
    }
    expect(await stock()).toMatchObject({ left: 0 });

    // Two left and one held: of the parallel claims exactly one gets the other; both then complete.
    now = new Date(now.getTime() + 120_000);
    await setStock(2);
    const [mine] = await holdsOf([6]);
    const [completion, ...raced] = await Promise.all([complete(6, mine as number), ...others.map(claim)]);
    expect(completion?.statusCode, completion?.body).toBe(200);
    const won = raced.flatMap((res, k) => (res.statusCode === 200 ? [others[k] as number] : []));
    expect(won).toHaveLength(1);
    const winner = won[0] as number;
    const winnerOrder: number = raced[others.indexOf(winner)]?.json().orderId;
    expect((await complete(winner, winnerOrder)).statusCode).toBe(200);
    expect(await stock()).toMatchObject({ left: 0 });
  });

  it('a hold running out as a claim races its completion for the last one: exactly one of them gets it', async () => {
    for (let round = 0; round < 8; round += 1) {
      // Every hold so far has run out; the new one runs out at `expires`, which the clock passes while the
      // completion and the claim are on their way.
      const base = new Date(now.getTime() + 120_000);
      now = base;
      await setStock(1);
      const [held] = await holdsOf([10 + round]);
      const expires = base.getTime() + 60_000;
      now = new Date(expires - 1);
      const flipAfter = Date.now() + round * 3;
      const realClock = setInterval(() => {
        if (Date.now() >= flipAfter) now = new Date(expires + 1);
      }, 1);
      try {
        const [done, claimed] = await Promise.all([complete(10 + round, held as number), claim(20 + round)]);
        const statuses = [done?.statusCode, claimed?.statusCode];
        expect(statuses, `${done?.body} / ${claimed?.body}`).not.toEqual([200, 200]);
        if (done?.statusCode === 200) {
          expect(claimed?.json().error.message).toBe(SOLD_OUT_MESSAGE);
        } else {
          expect(done?.json().error.message).toBe(ORDER_EXPIRED_MESSAGE);
        }
        const { completed, debits } = await sales([held as number]);
        expect(debits).toHaveLength(completed.length);
        expect(completed).toHaveLength(done?.statusCode === 200 ? 1 : 0);
        expect((await stock()).left).toBe(done?.statusCode === 200 ? 0 : 1);
      } finally {
        clearInterval(realClock);
      }
    }
  });
});

describe.skipIf(!postgresUrl)('completions and another transaction on Postgres', () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = new pg.Client({ connectionString: (t.database as TestDatabase).url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  /** Resolves once some backend waits for an advisory lock (a request reached its turn and waits). */
  async function someoneWaitsForAdvisory() {
    for (let tries = 0; tries < 200; tries += 1) {
      const { rows } = await other.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no request waits for the stock lock');
  }

  it('a completion takes without waiting for the reward row: a pending take, counted by every read', async () => {
    now = new Date(now.getTime() + 120_000);
    const start = maxConnections + 10;
    await setStock(start);
    const orderIds = await holdsOf([0, 1, 2, 3, 4]);
    // Another transaction holds the reward's row (as a completion folding the count would, until it commits).
    await other.query('begin');
    await other.query('select id from reward_items where id = $1 for no key update', [CRUISE]);
    try {
      const done = await Promise.all([0, 1, 2].map((i) => complete(i, orderIds[i] as number)));
      expect(done.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(await stock()).toEqual({ stored: start, pending: 3, left: start - 3 });
      // The catalogue takes the two other live holds off too; the assignment page shows what is left.
      expect(await shown(4)).toEqual({ catalogue: { 0: start - 5 }, page: { 0: start - 3 } });
    } finally {
      await other.query('commit');
    }
    // The next completion finds the row free and folds the pending takes with its own.
    expect((await complete(3, orderIds[3] as number)).statusCode).toBe(200);
    expect(await stock()).toEqual({ stored: start - 4, pending: 0, left: start - 4 });
    expect((await sales(orderIds)).debits).toHaveLength(4);
  });

  it('a hold that runs out while its completion waits for its turn is 409, and the claim keeps the item', async () => {
    now = new Date(now.getTime() + 120_000);
    await setStock(1);
    const [held] = await holdsOf([7]);
    now = new Date(now.getTime() + 59_000); // a second left on the hold
    // A claim's turn, held by another transaction: the completion waits for it.
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1::bigint)', [stockLockKey(CRUISE)]);
    let pending: Promise<Awaited<ReturnType<typeof complete>>>;
    try {
      pending = complete(7, held as number);
      await someoneWaitsForAdvisory();
      // The hold runs out while the completion waits; the claim that held the turn counted it as lapsed.
      now = new Date(now.getTime() + 2_000);
    } finally {
      await other.query('commit');
    }
    const done = await pending;
    expect(done.statusCode, done.body).toBe(409);
    expect(done.json().error.message).toBe(ORDER_EXPIRED_MESSAGE);
    expect((await sales([held as number])).debits).toHaveLength(0);
    expect((await stock()).left).toBe(1);
    const [theirs] = await holdsOf([8]);
    expect((await complete(8, theirs as number)).statusCode).toBe(200);
    expect((await stock()).left).toBe(0);
  });

  it('a claim waits for the completions sharing the turn; a completion then waits for the claim', async () => {
    now = new Date(now.getTime() + 120_000);
    const start = maxConnections + 10;
    await setStock(start);
    const [held] = await holdsOf([9]);
    // A completion's share of the turn, held by another transaction: a claim waits until it commits.
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock_shared($1::bigint)', [stockLockKey(CRUISE)]);
    let claimed: Promise<Awaited<ReturnType<typeof claim>>>;
    let settled = false;
    try {
      claimed = claim(11);
      void claimed.then(() => {
        settled = true;
      });
      await someoneWaitsForAdvisory();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
    } finally {
      await other.query('commit');
    }
    expect((await claimed).statusCode).toBe(200);
    // A claim's turn, held by another transaction: a completion (sharing turns) waits until it commits.
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1::bigint)', [stockLockKey(CRUISE)]);
    let completed: Promise<Awaited<ReturnType<typeof complete>>>;
    try {
      completed = complete(9, held as number);
      await someoneWaitsForAdvisory();
      expect(await stock()).toMatchObject({ left: start });
    } finally {
      await other.query('commit');
    }
    expect((await completed).statusCode).toBe(200);
    expect(await stock()).toMatchObject({ left: start - 1 });
  });
});
