import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import { hashToken } from '../src/db/tokens';
import { findAssignmentLiveWithSession } from '../src/modules/assignments/repository';
import { findSessionHolderRow } from '../src/modules/data/repository';
import { createTestApp, type TestApp, TOKENS } from './helpers';

/**
 * The hot reads' statements are planned once per connection (decision 0023, round five). Postgres plans a
 * prepared statement anew on every call while that looks cheaper than its generic plan: the assignment
 * call's live statement, which chose its page by a parameter, was planned on every request that way. Here
 * one connection runs each statement as a burst of holders would, and Postgres must be on its generic plan.
 */

let t: TestApp;
let single: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  const testUrl = (t.database as { url?: string }).url;
  // Postgres only (PGlite keeps no named statements), on one connection, so that its statements are asked about.
  if (testUrl) single = await openDatabase({ databaseUrl: testUrl, migrate: false, poolMax: 1 });
});

afterAll(async () => {
  await single?.close();
  await t?.close();
});

async function plans(db: Database['db'], name: string) {
  const [row] = await queryRows<{ generic_plans: number; custom_plans: number }>(
    db,
    sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = ${name}`,
  );
  return row;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the hot reads on Postgres', () => {
  const page = { id: 0, type: 'offer', assignmentId: 101, location: 'pass', unregistered: false };
  const live = (byId: boolean) => ({
    tokenHash: hashToken(TOKENS.avaBrew),
    offerId: 101,
    partnerUserId: 1001,
    rewardItemIds: [],
    page: byId ? { ...page, byId, id: 3901, type: '', assignmentId: 0, location: '' } : { ...page, byId },
  });
  // Lakeshore Rewards' page, with the stock of its reward items.
  const rewards = {
    ...live(false),
    tokenHash: hashToken(TOKENS.avaRewards),
    offerId: 102,
    rewardItemIds: [1210, 1211, 1212, 1213, 1214],
    page: { ...page, byId: false, assignmentId: 102 },
  };
  type Db = Database['db'];

  it.each([
    ['data_session_holder_tuple', (db: Db) => findSessionHolderRow(db, hashToken(TOKENS.avaBrew))],
    ['assignments_live_session', (db: Db) => findAssignmentLiveWithSession(db, live(false))],
    ['assignments_live_session_by_id', (db: Db) => findAssignmentLiveWithSession(db, live(true))],
    ['assignments_live_session_stock', (db: Db) => findAssignmentLiveWithSession(db, rewards)],
  ])('%s runs on its generic plan', async (name, run) => {
    if (!single) throw new Error('no single-connection database');
    for (let call = 0; call < 10; call++) expect(await run(single.db)).not.toBeNull();
    const counts = await plans(single.db, name);
    // Postgres tries a custom plan on the first five calls, then keeps the generic one if it is as good.
    expect(counts?.generic_plans).toBeGreaterThanOrEqual(5);
  });
});
