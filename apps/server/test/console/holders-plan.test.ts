import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HolderListFilter,
  holderCountSql,
  holderPageSql,
  listHolders,
} from '../../src/console/holders/repository';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestApp } from '../helpers';
import { nodesOf, type PlanNode } from '../plan-helpers';

/**
 * The console's holder list on an offer with many holders (100,000 in the load seed, decision 0042). On
 * Postgres, with as many holders on offer 101 (with far fewer the planner rightly reads a small table
 * whole): a page's ids come from the sort's index (or, with a rare search, the trigram indexes), the
 * per-row columns are computed for the page's rows only (last seen through page_views_user_offer_idx), and
 * neither the page nor the count reads all partner users.
 */
const HOLDERS = 100_000;
const BREW = 101;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

// Names like the load seed's (a few first and last names, the last numbered), so that the trigrams of a
// search are as common as in a real list; all-alike names would make every trigram match every row.
const FIRST = sql.raw(`array['Ava','Ben','Chloe','Daniel','Elena','Felix','Grace','Hugo','Iris','Jonas']`);
const LAST = sql.raw(
  `array['Anders','Brooks','Castillo','Dubois','Eriksen','Fischer','Garcia','Lindqvist','Okafor','Tanaka','Moreau','Patel']`,
);

/**
 * `HOLDERS` partner users of the demo's partner with a pass on offer 101 and, for one in three, a page
 * view. The passes' holder-snapshot trigger (decision 0030) is off for this transaction only
 * (session_replication_role): it would build 20,000 snapshots the plans do not read.
 */
async function addHolders() {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      with made as (
        insert into partner_users (partner_id, name, first_name, last_name, email)
        select 1, first || ' ' || last, first, last, 'plan-' || lpad(g::text, 6, '0') || '@plan.example'
        from (select g, (${FIRST})[1 + g % 10] as first, (${LAST})[1 + (g / 10) % 12] || '-' || (g % 997) as last
          from generate_series(1, ${HOLDERS}) g) names
        returning id)
      insert into passes (partner_user_id, offer_id, created_at)
      select id, ${BREW}, now() - (id * interval '1 second') from made`);
    await tx.execute(sql`
      insert into page_views (offer_id, partner_user_id, created_at, route_name)
      select ${BREW}, id, now() - (id * interval '1 minute'), 'home'
      from partner_users where email like 'plan-%' and id % 3 = 0`);
  });
  // Vacuumed as autovacuum would after such an insert: the index-only scans need the visibility map.
  await t.database.db.execute(sql`vacuum analyze partner_users, passes, page_views`);
}

async function planOf(query: ReturnType<typeof sql>): Promise<PlanNode[]> {
  const [explained] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    t.database.db,
    sql`explain (analyze, format json) ${query}`,
  );
  return nodesOf(explained?.['QUERY PLAN'][0]?.Plan as PlanNode);
}

const seqScansOf = (nodes: PlanNode[], tables: string[]) =>
  nodes.filter((node) => node['Node Type'] === 'Seq Scan' && tables.includes(node['Relation Name'] ?? ''));
const indexesOf = (nodes: PlanNode[]) => nodes.map((node) => node['Index Name']).filter(Boolean);

describe.skipIf(!process.env.TEST_DATABASE_URL)('the holder list on Postgres', () => {
  it('pages by index and searches by trigram, computing the columns of the page only', async () => {
    await addHolders();
    const base: HolderListFilter = {
      offerId: BREW,
      pointsDealId: 201,
      sort: 'name',
      order: 'asc',
      limit: 25,
      offset: 0,
    };
    const firstPage = await listHolders(t.database.db, base);
    // The demo's 3 holders of offer 101 and the ones made here.
    expect(firstPage.total).toBe(HOLDERS + 3);
    expect(firstPage.rows).toHaveLength(25);

    const trigrams = ['partner_users_name_trgm_idx', 'partner_users_email_trgm_idx'];
    // [filter, indexes its page reads, indexes its count reads]. A broad search ("lindqvist-42": about 90
    // matches) may walk the name index until its page is full; a rare one must come from the trigrams.
    const cases: Array<[HolderListFilter, string[], string[], boolean?]> = [
      [base, ['partner_users_lower_name_idx'], []],
      [{ ...base, order: 'desc', offset: 100 }, ['partner_users_lower_name_idx'], []],
      [{ ...base, sort: 'email' }, ['partner_users_lower_email_idx'], []],
      [{ ...base, sort: 'createdAt', order: 'desc' }, ['passes_offer_created_idx'], []],
      [{ ...base, q: 'lindqvist-42' }, [], trigrams],
      [{ ...base, q: '012345@plan' }, trigrams, trigrams],
      [{ ...base, sort: 'email', q: 'Okafor-99' }, [], trigrams],
      // Page 3,000 of 4,000 as listHolders reads it: 25,000 rows from the end, an index-only walk.
      [{ ...base, offset: 25_000 }, ['partner_users_lower_name_idx'], [], true],
    ];
    for (const [filter, expected, countExpected, fromEnd = false] of cases) {
      const label = JSON.stringify(filter);
      const nodes = await planOf(holderPageSql(filter, fromEnd));
      if (fromEnd) {
        const walk = nodes.find((node) => node['Index Name'] === 'partner_users_lower_name_idx');
        expect(walk?.['Node Type'], label).toBe('Index Only Scan');
      }
      expect(seqScansOf(nodes, ['partner_users', 'passes', 'page_views']), label).toEqual([]);
      const indexes = indexesOf(nodes);
      for (const index of expected) expect(indexes, label).toContain(index);
      expect(indexes, label).toContain('page_views_user_offer_idx');
      // Last seen, points and the link run once per listed row, never per skipped or unlisted holder.
      const perRow = nodes.filter((node) => node['Index Name'] === 'page_views_user_offer_idx');
      for (const node of perRow) expect(node['Actual Loops'], label).toBeLessThanOrEqual(filter.limit);

      const counted = await planOf(holderCountSql(filter));
      expect(seqScansOf(counted, ['partner_users']), label).toEqual([]);
      for (const index of countExpected) expect(indexesOf(counted), label).toContain(index);
      if (!filter.q) {
        expect(
          counted.filter((node) => node['Relation Name'] === 'partner_users'),
          label,
        ).toEqual([]);
      }
    }
  });
});
