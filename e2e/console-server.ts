import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * The console journeys' servers: a journey's own server (e2e/own-server.ts) on the run's demo database
 * with console staff accounts added first. The run's demo database is made by the import command, which
 * makes no console account (npm start's server makes the demo owner only when it imports the demo
 * itself), so each account is made here with `npm run console:user`'s command, before the server starts
 * (the embedded database has one user at a time).
 */
export interface StaffAccount {
  email: string;
  password: string;
  partnerId: number;
  role: 'owner' | 'manager' | 'viewer';
}

const ROOT = resolve(import.meta.dirname, '..');
const IMPORT_ENTRY = 'apps/server/src/db/import/cli.ts';
const STAFF_ENTRY = 'apps/server/src/console/staff/cli.ts';

function run(args: string[], dataDir: string, what: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', INIT_CWD: ROOT };
  delete env.DATABASE_URL;
  const done = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (done.status !== 0)
    throw new Error(`${what} failed (exit ${done.status}): ${done.stderr || done.stdout}`);
}

/** A copy of the run's demo database (or a new import of the demo) with `accounts` in it. */
function demoDatabaseWith(accounts: readonly StaffAccount[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'trailpass-console-e2e-'));
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template && existsSync(join(template, 'pglite'))) cpSync(template, dir, { recursive: true });
  else run([IMPORT_ENTRY, 'demo/pass-demo.json'], dir, 'Importing the demo');
  for (const account of accounts) {
    run(
      [
        STAFF_ENTRY,
        ...['--email', account.email, '--password', account.password],
        ...['--partner', String(account.partnerId), '--role', account.role],
      ],
      dir,
      `Making the console account ${account.email}`,
    );
  }
  return dir;
}

/** startOwnServer on a demo database with `accounts`: it copies the database it is given as the template. */
async function startConsoleServer(accounts: readonly StaffAccount[]): Promise<OwnServer> {
  const database = demoDatabaseWith(accounts);
  const runTemplate = process.env.E2E_TEMPLATE_DIR;
  // Read by startOwnServer when it starts, in this worker only; put back at once.
  process.env.E2E_TEMPLATE_DIR = database;
  try {
    return await startOwnServer();
  } finally {
    if (runTemplate === undefined) delete process.env.E2E_TEMPLATE_DIR;
    else process.env.E2E_TEMPLATE_DIR = runTemplate;
    rmSync(database, { recursive: true, force: true });
  }
}

/** Playwright's `test` with `baseURL` on a console server of its own (one per worker running the file). */
export function testOnConsoleServer(accounts: readonly StaffAccount[]) {
  return base.extend<object, { ownServer: OwnServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
      async ({}, use) => {
        const server = await startConsoleServer(accounts);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
  });
}
