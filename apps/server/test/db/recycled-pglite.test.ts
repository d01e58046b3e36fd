import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PGLITE_TEMPLATE_ENV } from '../../src/db/client';
import { importPassFile } from '../../src/db/import';
import { type Lease, leasePglite } from '../../src/db/recycled-pglite';
import * as schema from '../../src/db/schema';
import { DEMO_FILE } from '../helpers';

// Recycled test databases (decision 0053): an emptied database must be what a new copy of the template is,
// and one a test changed in a way emptying does not undo must never reach the next test. The Postgres pass
// has no recycling (each test database is created from a template database), so this file is PGlite's.
const onPglite = !process.env.TEST_DATABASE_URL;

/** Every copy this file made itself (an idle one from another file may be handed out first). */
const created: PGlite[] = [];
async function create(): Promise<PGlite> {
  const file = process.env[TEST_PGLITE_TEMPLATE_ENV];
  if (!file) throw new Error(`${TEST_PGLITE_TEMPLATE_ENV} is not set: the global setup makes the template`);
  const client = await PGlite.create({
    loadDataDir: new Blob([await readFile(file)]),
    extensions: { pg_trgm },
  });
  created.push(client);
  return client;
}

async function count(lease: Lease, table: string): Promise<number> {
  const { rows } = await lease.client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? -1;
}

/** Row counts of every table of `public`, and the rows of the tables that have any. */
async function nonEmptyTables(lease: Lease): Promise<string[]> {
  const { rows } = await lease.client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const full: string[] = [];
  for (const { name } of rows) if ((await count(lease, name)) > 0) full.push(name);
  return full;
}

/**
 * Runs `check` on more leases at once than the pool keeps idle, so every database a later test could get
 * is among them.
 */
async function everyNextLease(check: (lease: Lease) => Promise<void>): Promise<void> {
  const next = await Promise.all([leasePglite(create), leasePglite(create), leasePglite(create)]);
  try {
    for (const lease of next) await check(lease);
  } finally {
    await Promise.all(next.map((lease) => lease.release()));
  }
}

describe.runIf(onPglite)('recycled PGlite test databases', () => {
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'trailpass-recycled-'));
  });
  afterAll(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('hands out an emptied database after the demo: no rows, sequences from 1, default settings', async () => {
    const first = await leasePglite(create);
    const db = drizzle({ client: first.client, schema });
    await importPassFile(db, DEMO_FILE, { replace: false, mediaDir, now: new Date() });
    expect(await count(first, 'partner_users')).toBeGreaterThan(0);
    // Session state a test could leave behind, and a transaction it never ended.
    await first.client.exec(`set statement_timeout = '1234ms'`);
    await first.client.exec(
      `begin; insert into partners (id, name, timezone) values (900, 'Left open', 'UTC')`,
    );
    await first.release();

    // The first lease's client refuses everything once released, and so reaches no other test's data.
    await expect(first.client.query('select 1')).rejects.toThrow('This test database is closed.');
    expect(first.client.closed).toBe(true);

    // The pool is a stack: the database just released is the one handed out next.
    const second = await leasePglite(create);
    try {
      expect(second.fresh).toBe(false);
      expect(await nonEmptyTables(second)).toEqual([]);
      const { rows: setting } = await second.client.query<{ statement_timeout: string }>(
        'show statement_timeout',
      );
      expect(setting[0]?.statement_timeout).toBe('0');
      // The demo's partners took ids from the identity sequence; emptied, it starts again at 1.
      const { rows: inserted } = await second.client.query<{ id: number }>(
        `insert into partners (name, timezone) values ('First', 'UTC') returning id`,
      );
      expect(inserted[0]?.id).toBe(1);
    } finally {
      await second.release();
    }
  });

  it('closes a database whose schema a test changed instead of handing it out again', async () => {
    const changed = await leasePglite(create);
    await changed.client.exec(`create function refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$`);
    await changed.client.exec(
      'create trigger refuse_partners before insert on partners for each row execute function refuse()',
    );
    await changed.release();

    // None of the databases a later test could get is the changed one.
    await everyNextLease(async (lease) => {
      const { rows } = await lease.client.query<{ n: number }>(
        `select count(*)::int as n from pg_trigger where tgname = 'refuse_partners'`,
      );
      expect(rows[0]?.n).toBe(0);
    });
  });

  it('closes a database whose planner statistics a test changed', async () => {
    const analysed = await leasePglite(create);
    await analysed.client.exec(
      `insert into partners (name, timezone) values ('Counted', 'UTC'); analyze partners`,
    );
    await analysed.release();

    const fresh = await create();
    const { rows: template } = await fresh.query<{ n: number }>(
      'select count(*)::int as n from pg_statistic',
    );
    await fresh.close();
    await everyNextLease(async (lease) => {
      const { rows } = await lease.client.query<{ n: number }>('select count(*)::int as n from pg_statistic');
      expect(rows[0]?.n).toBe(template[0]?.n);
    });
  });

  it('gives two tests at once two databases', async () => {
    const one = await leasePglite(create);
    const two = await leasePglite(create);
    try {
      await one.client.exec(`insert into partners (name, timezone) values ('Only in one', 'UTC')`);
      expect(await count(two, 'partners')).toBe(0);
    } finally {
      await one.release();
      await two.release();
    }
  });
});
