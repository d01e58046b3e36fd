import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  createTemplateDatabase,
  dropTemplateDatabase,
  dumpMigratedPglite,
  TEST_PGLITE_TEMPLATE_ENV,
  TEST_TEMPLATE_DATABASE_ENV,
} from '../src/db/client';

/**
 * Migrates ONE database per vitest run and lets every test file start from a copy of it (decision 0024):
 * on PGlite a dump of the migrated data directory in a temporary file, which openTestDatabase loads instead
 * of running initdb and every migration again; on Postgres (TEST_DATABASE_URL) a template database that
 * each test database is created from. Only the migrated, EMPTY database is shared: the demo import depends
 * on the test's `now` and writes media, so each test app still imports it itself.
 *
 * The location is handed to the workers in the environment (they are started after this runs and inherit
 * it), so openTestDatabase finds it also when a test file calls it directly.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `trailpass_template_${randomBytes(6).toString('hex')}`;
    await createTemplateDatabase(serverUrl, name);
    process.env[TEST_TEMPLATE_DATABASE_ENV] = name;
    return async () => {
      delete process.env[TEST_TEMPLATE_DATABASE_ENV];
      await dropTemplateDatabase(serverUrl, name);
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'trailpass-template-'));
  const file = path.join(dir, 'pglite.tar');
  await writeFile(file, await dumpMigratedPglite());
  process.env[TEST_PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[TEST_PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
