import { type DataResponse, dataResponse } from '@trailpass/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type TestDatabase } from '../src/db/client';
import { staleHolderSnapshots } from '../src/modules/data/holder-snapshots';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

/**
 * Holder snapshots (decision 0030): GET /data reads a holder's orders, ledger and unread count from one row
 * that deferred triggers compute again at the commit of every transaction that changed them. These tests
 * hold the snapshot to the tables for each kind of write, show that /data reads it (and reads the tables
 * when there is none), and, on Postgres, that two writers of one holder cannot leave it behind.
 */

let t: TestApp;

/** Ava on Lakeshore Brew Trail. */
const AVA = { user: 1001, offer: 101 };

beforeAll(async () => {
  // A fixed clock: the answers are compared byte for byte across calls, and a ticket's timer moves with it.
  t = await createTestApp({ now: new Date() });
});

afterAll(async () => {
  await t?.close();
});

const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
/** The app's (fixed) time, for entries it must count as made already. */
const at = () => t.importedAt.toISOString();

async function getData(): Promise<{ body: string; data: DataResponse }> {
  const res = await api(t.app, 'GET', '/data', TOKENS.avaBrew);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: dataResponse.parse(res.json()) };
}

async function avaSnapshot() {
  const [row] = await queryRows<{ unread: number; ledger_entries: number | null }>(
    t.database.db,
    sql`select unread, json_array_length(ledger) as ledger_entries from holder_snapshots
      where partner_user_id = ${AVA.user} and offer_id = ${AVA.offer}`,
  );
  return row ?? null;
}

describe('holder snapshots', () => {
  it('exist after the import for every holder with a pass, orders, points or messages', async () => {
    const missing = await queryRows<{ partner_user_id: number; offer_id: number }>(
      t.database.db,
      sql`select partner_user_id, offer_id from orders where status = 'completed'
        union select partner_user_id, offer_id from points_ledger
        union select partner_user_id, offer_id from messages
        union select partner_user_id, offer_id from passes
        except select partner_user_id, offer_id from holder_snapshots`,
    );
    expect(missing).toEqual([]);
    expect(await avaSnapshot()).toEqual({ unread: 2, ledger_entries: expect.any(Number) });
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
  });

  it('are what GET /data reads, and the tables are read for a holder without one', async () => {
    const before = await getData();
    expect(before.data.messageCounts.unread).toBe(2);
    // Written behind the triggers' back: /data shows it, and the check names the stale part.
    await run(
      sql`update holder_snapshots set unread = 42 where partner_user_id = ${AVA.user} and offer_id = ${AVA.offer}`,
    );
    expect((await getData()).data.messageCounts.unread).toBe(42);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([
      { partner_user_id: AVA.user, offer_id: AVA.offer, parts: ['unread'] },
    ]);
    await run(sql`select refresh_holder_snapshot(${AVA.user}, ${AVA.offer})`);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
    expect((await getData()).body).toBe(before.body);

    // Without a snapshot row /data computes the same parts from the tables.
    await run(
      sql`delete from holder_snapshots where partner_user_id = ${AVA.user} and offer_id = ${AVA.offer}`,
    );
    expect((await getData()).body).toBe(before.body);
    await run(sql`select refresh_holder_snapshot(${AVA.user}, ${AVA.offer})`);
    expect(await avaSnapshot()).not.toBeNull();
    expect((await getData()).body).toBe(before.body);
  });

  it('follow every table they are made of, written directly', async () => {
    const points = async () => (await getData()).data.current_points;
    const start = await points();

    // A ledger entry.
    await run(sql`insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance,
        value_date) values (${AVA.user}, ${AVA.offer}, 201, 'bonus for a test', 7, 0, ${at()}::timestamptz)`);
    expect(await points()).toBe(start + 7);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);

    // A message read, then unread again.
    await run(sql`update messages set read_at = now() where id = 702`);
    expect((await getData()).data.messageCounts.unread).toBe(1);
    await run(sql`update messages set read_at = null where id = 702`);
    expect((await getData()).data.messageCounts.unread).toBe(2);

    // An order deal's redemptions, an order product's, and a ticket.
    await run(sql`update order_deals set redemptions_made = redemptions_made + 1 where order_id = 9002`);
    await run(sql`update order_products set redemptions = redemptions + 1 where id = 9303`);
    await run(sql`delete from tickets where order_product_id = 9303`);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
    const product = (await getData()).data.order_products.find((op) => op.id === 9303);
    expect(product?.ticket ?? null).toBeNull();

    // An order that stops counting, and counts again.
    const products = async () => (await getData()).data.order_products.length;
    const counted = await products();
    await run(sql`update orders set status = 'cancelled' where id = 9003`);
    expect(await products()).toBe(counted - 9);
    await run(sql`update orders set status = 'completed' where id = 9003`);
    expect(await products()).toBe(counted);

    // Several writes of one holder in one transaction: computed once, at the commit, with all of them.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points,
          balance, value_date) values (${AVA.user}, ${AVA.offer}, 201, 'bonus for a test', 5, 0, ${at()}::timestamptz)`);
      await tx.execute(sql`update messages set read_at = now() where id = 704`);
    });
    expect(await points()).toBe(start + 12);
    expect((await getData()).data.messageCounts.unread).toBe(1);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
  });

  it('are made with a new pass, before its holder has anything', async () => {
    // Noah (1003) has a pass of the Brew Trail only; a pass of Lakeshore Rewards makes his row there.
    const noahOn = (offer: number) =>
      queryRows<{ unread: number; ledger: unknown }>(
        t.database.db,
        sql`select unread, ledger from holder_snapshots where partner_user_id = 1003 and offer_id = ${offer}`,
      );
    expect(await noahOn(101)).toEqual([{ unread: 0, ledger: null }]);
    expect(await noahOn(102)).toEqual([]);
    await run(sql`insert into passes (partner_user_id, offer_id) values (1003, 102)`);
    expect(await noahOn(102)).toEqual([{ unread: 0, ledger: null }]);
    await run(sql`delete from passes where partner_user_id = 1003 and offer_id = 102`);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
  });

  it('all go when a table they are made of is truncated, and /data reads the tables', async () => {
    const before = await getData();
    await run(sql`truncate tickets`);
    expect(await queryRows(t.database.db, sql`select 1 from holder_snapshots`)).toEqual([]);
    const after = (await getData()).data;
    expect(after.order_products.every((op) => !op.ticket)).toBe(true);
    expect(after.current_points).toBe(before.data.current_points);
    expect(after.order_products.map((op) => op.id)).toEqual(before.data.order_products.map((op) => op.id));
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('holder snapshots with two writers of one holder on Postgres', () => {
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: (t.database as TestDatabase).url });
    await c.connect();
    clients.push(c);
    return c;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
  });

  it('keeps both entries when their commits compute the snapshot at the same time', async () => {
    await run(sql`select refresh_holder_snapshot(${AVA.user}, ${AVA.offer})`);
    const [holder, first, second] = [await client(), await client(), await client()];
    const entry = (points: number) =>
      `insert into points_ledger (partner_user_id, offer_id, deal_id, reason_text, points, balance, value_date)
        values (${AVA.user}, ${AVA.offer}, 201, 'bonus for a race', ${points}, 0, now())`;
    const entries = async () => (await avaSnapshot())?.ledger_entries ?? 0;
    const start = await entries();
    // A third transaction holds the snapshot row, so both writers reach their commit-time computation
    // and wait there for it; each has made its entry, neither has committed.
    await holder.query('begin');
    await holder.query(
      'select 1 from holder_snapshots where partner_user_id = $1 and offer_id = $2 for update',
      [AVA.user, AVA.offer],
    );
    await first.query('begin');
    await first.query(entry(11));
    await second.query('begin');
    await second.query(entry(13));
    const commits = [first.query('commit'), second.query('commit')];
    for (let tries = 0; ; tries += 1) {
      const { rows } = await holder.query(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (rows[0].n >= 2) break;
      if (tries > 200) throw new Error('the two commits do not wait for the snapshot row');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await holder.query('commit');
    await Promise.all(commits);
    // The later of the two computed after the earlier had committed: both entries are in the snapshot.
    expect(await entries()).toBe(start + 2);
    expect(await staleHolderSnapshots(t.database.db)).toEqual([]);
  });
});
