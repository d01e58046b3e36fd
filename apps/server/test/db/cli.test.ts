import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types (it runs before any TypeScript tooling)
import { buildServer } from '../../build.mjs';
import { openTestDatabase, type TestDatabase } from '../../src/db/client';
import { countRows } from '../../src/db/import';
import { REPO_ROOT } from '../../src/db/paths';
import { expectedCounts, readDemo, tempDir, writeVariant } from './fixtures';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A CLI process's bound: an import on PGlite starts Postgres in WebAssembly, makes and migrates a new data
 * directory and imports the demo, about 9 s and 15 CPU-s alone, and more than 60 s (the bound it had, which
 * killed it and failed the test in a fresh-clone run) while the journeys and the other tests load both cores.
 * A CLI that hangs is still killed, and the test fails on its exit code.
 */
const CLI_TIMEOUT_MS = 150_000;

function run(command: string, args: string[], env: Record<string, string>, cwd = REPO_ROOT): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, ...env }, timeout: CLI_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// The CLI as npm run import runs it: from the server's bundle (decision 0051), built for this file in a folder
// of its own below apps/server (so it resolves node_modules as dist/ does, and no other run's dist/ is touched).
const BUNDLE = path.join(REPO_ROOT, 'apps/server/.tmp', `cli-bundle-${process.pid}-${Date.now()}`);
const CLI = path.join(BUNDLE, 'import.mjs');

describe('npm run import', () => {
  let dataDir: string;
  /** On Postgres (TEST_DATABASE_URL), the CLI imports into a throwaway database. */
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    await buildServer(BUNDLE);
    dataDir = await tempDir('trailpass-cli-');
    if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
    env = { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '' };
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(BUNDLE, { recursive: true, force: true });
  });

  it('prints one `<json path>: <problem>` line per error and exits 1 for a bad file, before touching the database', async () => {
    const file = await writeVariant((doc) => {
      const product = doc.products[3] as unknown as Record<string, unknown>;
      product.venu_id = product.venue_id;
      delete product.venue_id;
      (doc.products[2] as unknown as Record<string, unknown>).redemptions = 'two';
    });
    const result = await run(process.execPath, [CLI, file], env);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toContain('$.products[2].redemptions: must be an integer, not the string "two"');
    expect(lines).toContain('$.products[3].venu_id: unknown key "venu_id" (did you mean "venue_id"?)');
    expect(lines).toHaveLength(2);
    expect(result.stdout.trim()).toMatch(/^2 problem\(s\) in .*pass\.json; nothing was imported$/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('reports a dangling reference the same way', async () => {
    const file = await writeVariant((doc) => {
      (doc.passes[0] as { offer_id: number }).offer_id = 4242;
    });
    const result = await run(process.execPath, [CLI, file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('$.passes[0].offer_id: no offer with id 4242\n');
  });

  it(
    'imports the demo from the repo root (a relative FILE), prints counts, then refuses a second import without --replace',
    async () => {
      const first = await run('npm', ['run', '-s', 'import', '--', 'demo/pass-demo.json'], env);
      expect(first.stderr).toContain(
        'warning: $.products[7].media[0].url: media file media/sunset-paddle.svg',
      );
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^ {2}sessions +12$/m);
      expect(first.stdout).toMatch(/^ {2}products +22$/m);
      expect(existsSync(path.join(dataDir, 'media', 'tee.svg'))).toBe(true);
      if (database) expect(await countRows(database.db)).toEqual(expectedCounts(await readDemo()));
      else expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);

      const second = await run(process.execPath, [CLI, 'demo/pass-demo.json'], {
        ...env,
        INIT_CWD: REPO_ROOT,
      });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(
        '$: the database already has data; nothing was imported (use --replace',
      );
      // Two CLI processes, each bounded by CLI_TIMEOUT_MS: the first imports the demo (about 10 s alone, past
      // 60 s beside the journeys), the second stops at its check.
    },
    2 * CLI_TIMEOUT_MS,
  );

  it('explains its usage', async () => {
    const result = await run(process.execPath, [CLI], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: npm run import -- FILE [--replace]');
  });
});
