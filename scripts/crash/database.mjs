// The crash test's database: a Postgres database of its own (created and dropped here) when a Postgres
// answers, else PGlite in a temporary DATA_DIR. One small SQL interface over both, for seeding and checks.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL, portAnswers, postgresAddress } from '../lib.mjs';

/**
 * Which database to crash: CRASH_DATABASE=postgres or pglite forces one; otherwise Postgres when one answers
 * at TEST_DATABASE_URL (or the default test server), else PGlite. Answers { kind, serverUrl?, reason }.
 */
export async function chooseDatabase(env = process.env) {
  const serverUrl = env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const forced = env.CRASH_DATABASE;
  if (forced && forced !== 'postgres' && forced !== 'pglite') {
    throw new Error(`CRASH_DATABASE must be postgres or pglite, not ${forced}`);
  }
  if (forced === 'pglite') return { kind: 'pglite', reason: 'CRASH_DATABASE=pglite' };
  const { host, port } = postgresAddress(serverUrl);
  const answers = await portAnswers(host, port);
  if (forced === 'postgres' && !answers)
    throw new Error(`CRASH_DATABASE=postgres: nothing answers on ${host}:${port}`);
  return answers
    ? { kind: 'postgres', serverUrl, reason: `Postgres answers on ${host}:${port}` }
    : { kind: 'pglite', reason: `no Postgres answers on ${host}:${port}` };
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh place for the server's data: always a temporary DATA_DIR (media, and PGlite's files), plus a new
 * Postgres database on Postgres. `serverEnv` is what the server needs to use it; `open()` gives SQL access
 * ({ query(text, params) -> rows, close() }); on PGlite only while no server has the folder open.
 */
export async function createDatabase(choice) {
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-crash-'));
  if (choice.kind === 'pglite') {
    return {
      kind: 'pglite',
      where: `PGlite in ${dataDir}`,
      dataDir,
      serverEnv: { DATA_DIR: dataDir },
      async open() {
        // With the extensions the server's migrations create (apps/server/src/db/client.ts): a PGlite opened
        // without pg_trgm fails on any write to partner_users, whose search indexes use it.
        const client = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
        return {
          query: async (text, params = []) => (await client.query(text, params)).rows,
          close: () => client.close(),
        };
      },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `trailpass_crash_${randomBytes(6).toString('hex')}`;
  await withClient(choice.serverUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(choice.serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    where: `Postgres database ${name}`,
    dataDir,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async open() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return {
        query: async (text, params = []) => (await client.query(text, params)).rows,
        close: () => client.end(),
      };
    },
    async drop() {
      await withClient(choice.serverUrl, (admin) =>
        admin.query(`drop database if exists "${name}" with (force)`),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
