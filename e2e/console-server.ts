import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import listedAccounts from './console-accounts.json' with { type: 'json' };
import { test as base } from './fixtures';
import { type OwnServer, startOwnServer } from './own-server';

/**
 * The console journeys' servers: a journey's own server (e2e/own-server.ts) on the run's demo database,
 * in which scripts/e2e-server.mjs made every account of e2e/console-accounts.json once (`npm run
 * console:user -- --from`), so a journey's server starts as any other own server does. Without the run's
 * database (a spec run on its own against another server), the demo is imported and the accounts made here.
 */
/** A journey's console account: a member of one partner, or a provider admin (every partner). */
export type StaffAccount = { email: string; password: string } & (
  | { partnerId: number; role: 'owner' | 'manager' | 'viewer' }
  | { providerAdmin: true }
);

const ROOT = resolve(import.meta.dirname, '..');
// The server's bundle, which the run's main server script built (scripts/e2e-server.mjs, decision 0051).
const IMPORT_ENTRY = 'apps/server/dist/import.mjs';
const STAFF_ENTRY = 'apps/server/dist/staff.mjs';

function run(args: string[], dataDir: string, what: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', INIT_CWD: ROOT };
  delete env.DATABASE_URL;
  const done = spawnSync(process.execPath, ['--enable-source-maps', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (done.status !== 0)
    throw new Error(`${what} failed (exit ${done.status}): ${done.stderr || done.stdout}`);
}

const ACCOUNTS_FILE = 'e2e/console-accounts.json';

/** The run's demo database has the accounts of ACCOUNTS_FILE; `accounts` must be among them. */
function checkListed(accounts: readonly StaffAccount[]): void {
  const listed = new Set((listedAccounts as StaffAccount[]).map((a) => a.email));
  const missing = accounts.filter((a) => !listed.has(a.email));
  if (missing.length)
    throw new Error(
      `add ${missing.map((a) => a.email).join(', ')} to ${ACCOUNTS_FILE}: the run's database has only those`,
    );
}

/** A console server: a copy of the run's demo database, or a new import of the demo with the accounts. */
async function startConsoleServer(accounts: readonly StaffAccount[]): Promise<OwnServer> {
  checkListed(accounts);
  const runTemplate = process.env.E2E_TEMPLATE_DIR;
  if (runTemplate && existsSync(join(runTemplate, 'pglite'))) return startOwnServer();
  const database = mkdtempSync(join(tmpdir(), 'trailpass-console-e2e-'));
  try {
    run([IMPORT_ENTRY, 'demo/pass-demo.json'], database, 'Importing the demo');
    run([STAFF_ENTRY, '--from', ACCOUNTS_FILE], database, 'Making the console accounts');
    // Read by startOwnServer when it starts, in this worker only; put back at once.
    process.env.E2E_TEMPLATE_DIR = database;
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
