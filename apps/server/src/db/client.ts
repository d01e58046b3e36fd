import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migratePglite, migratePostgres } from './migrate.js';
import { DEFAULT_DATA_DIR } from './paths.js';
import { leasePglite } from './recycled-pglite.js';
import * as schema from './schema.js';

export type AppSchema = typeof schema;
/** The database handle repositories use; the same type for PGlite and node-postgres. */
export type AppDb = PgDatabase<PgQueryResultHKT, AppSchema>;
/** A transaction (`db.transaction(async (tx) => ...)`). */
export type AppTx = PgTransaction<PgQueryResultHKT, AppSchema, ExtractTablesWithRelations<AppSchema>>;
/** Anything a repository can run queries on: the database or a transaction inside it. */
export type DbExecutor = AppDb | AppTx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: AppDb;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Folder of the embedded database (`<dataDir>/pglite`); default `<repo root>/.data`. */
  dataDir?: string;
  /** Postgres connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** Run the migrations on open (default true). */
  migrate?: boolean;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
}

/**
 * Opens the database and brings it to the latest migration: node-postgres when `databaseUrl` is set,
 * otherwise PGlite persisted under `<dataDir>/pglite` (created if missing).
 */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  const runMigrations = opts.migrate ?? true;
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, { migrate: runMigrations, poolMax: opts.poolMax });
  }
  const dir = path.resolve(opts.dataDir ?? DEFAULT_DATA_DIR, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir, { migrate: runMigrations });
}

/**
 * Every PGlite this server opens: with the contrib extensions the migrations create (pg_trgm, migration
 * 0019). PGlite links an extension's code only when it is passed here, and a database that has the
 * holder-search trigram indexes cannot read or write partner_users without it.
 */
function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { ...options.extensions, pg_trgm } });
}

async function openPglite(dataDir: string | undefined, opts: { migrate: boolean }): Promise<Database> {
  const client = await createPglite(dataDir ? { dataDir } : {});
  return wrapPglite(client, opts);
}

async function wrapPglite(client: PGlite, opts: { migrate: boolean }): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  try {
    if (opts.migrate) await migratePglite(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(
  databaseUrl: string,
  opts: { migrate: boolean; poolMax?: number | undefined },
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolMax ?? 10,
    application_name: 'trailpass',
  });
  // An idle client can fail (server restart); without a listener that would crash the process.
  pool.on('error', (error) => {
    process.emitWarning(`postgres pool: ${error.message}`);
  });
  try {
    if (opts.migrate) await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export interface TestDatabase extends Database {
  /** Connection string of the throwaway Postgres database (undefined for PGlite). */
  url?: string;
}

/**
 * Environment variables naming a migrated, empty database that openTestDatabase copies instead of
 * migrating a new one (set by the server tests' global setup, decision 0024): a file holding a PGlite
 * data-directory dump, and the name of a template database on TEST_DATABASE_URL's server.
 */
export const TEST_PGLITE_TEMPLATE_ENV = 'TRAILPASS_TEST_PGLITE_TEMPLATE';
export const TEST_TEMPLATE_DATABASE_ENV = 'TRAILPASS_TEST_TEMPLATE_DATABASE';

/**
 * A fresh, migrated, empty database for a test file: in-memory PGlite, or, when env `TEST_DATABASE_URL`
 * is set, a new throwaway database on that Postgres server (dropped again on close). With a template
 * (see TEST_PGLITE_TEMPLATE_ENV) it starts as a copy of the template; the migrations still run, and find
 * nothing left to do.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openTestPglite(process.env[TEST_PGLITE_TEMPLATE_ENV]);

  const template = process.env[TEST_TEMPLATE_DATABASE_ENV];
  const name = `trailpass_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) =>
    admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openPostgres(url.toString(), { migrate: true, poolMax: 5 });
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * In-memory PGlite, loaded from a template dump when there is one (no initdb, no migration work), and then
 * recycled within the test process: a closed one is emptied and handed to the next test (recycled-pglite.ts,
 * decision 0053).
 */
async function openTestPglite(templateFile: string | undefined): Promise<Database> {
  if (!templateFile) return openPglite(undefined, { migrate: true });
  const lease = await leasePglite(async () =>
    createPglite({ loadDataDir: new Blob([await readFile(templateFile)]) }),
  );
  const db = drizzlePglite({ client: lease.client, schema });
  try {
    // A new copy still has its migrations checked (they find nothing to do); a recycled one had them.
    if (lease.fresh) await migratePglite(db);
  } catch (error) {
    await lease.release();
    throw error;
  }
  return { db, kind: 'pglite', close: () => lease.release() };
}

/** The data directory of a new in-memory PGlite after every migration, as an uncompressed tarball. */
export async function dumpMigratedPglite(): Promise<Buffer> {
  const client = await createPglite();
  try {
    await migratePglite(drizzlePglite({ client, schema }));
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Creates database `name` on the server of `serverUrl` and migrates it, to serve as a template. */
export async function createTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    // Closed again at once: Postgres copies a template only while nobody is connected to it.
    const database = await openPostgres(url.toString(), { migrate: true, poolMax: 1 });
    await database.close();
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
}

export async function dropTemplateDatabase(serverUrl: string, name: string): Promise<void> {
  await dropDatabase(serverUrl, name);
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Rows of a raw SQL statement (`db.execute(sql...)`), whichever driver runs it. */
export async function queryRows<T extends Record<string, unknown>>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
