import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base } from './fixtures';

/**
 * A server of a journey's own: `npm start`'s server on a fresh temporary database with the demo as
 * imported, serving the app the main server built. Journeys that change the demo (spend points, hold stock,
 * confirm pickups) use one so that every other journey sees the demo as imported; `env` adds settings such
 * as CART_HOLD_SECONDS. The database is a copy of the run's demo database (E2E_TEMPLATE_DIR, made by
 * scripts/e2e-server.mjs) when there is one, else the server migrates and imports it itself.
 */
export interface OwnServer {
  baseURL: string;
  /** The server's DATA_DIR: its e-mails are .eml files under `mail/` (no SMTP_URL). */
  dataDir: string;
  stop: () => Promise<void>;
  /** Stops the server and starts it again on the same port and database, as a deploy does. */
  restart: () => Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Playwright's `test` with `baseURL` on a server of its own, one per worker that runs the file's journeys,
 * started with `env` (see startOwnServer).
 */
export function testOnOwnServer(env: Record<string, string> = {}) {
  return base.extend<object, { ownServer: OwnServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as an object
      async ({}, use) => {
        const server = await startOwnServer(env);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
  });
}

/**
 * `fresh`: migrate and import the demo now instead of copying the run's demo database, for a journey that
 * reads demo state relative to the import's time (Ava's running ticket hides 10 minutes after the import,
 * and a full run's later journeys start more than 10 minutes after the run's database was made).
 */
export async function startOwnServer(
  env: Record<string, string> = {},
  options: { fresh?: boolean } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-own-'));
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!options.fresh && template && existsSync(join(template, 'pglite'))) {
    cpSync(template, dataDir, { recursive: true });
  }
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    // As npm start runs it: React (the e-mails) in its production build.
    NODE_ENV: 'production',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete childEnv.DATABASE_URL;
  const baseURL = `http://127.0.0.1:${port}`;
  let server = await spawnServer(childEnv, baseURL);
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!server.ready) {
    await stop();
    throw new Error('A journey’s own server did not start.');
  }
  return {
    baseURL,
    dataDir,
    stop,
    // A deploy: the same port and database, a new process that reads the build again.
    async restart() {
      await server.stop();
      server = await spawnServer(childEnv, baseURL);
      if (!server.ready) throw new Error('A journey’s own server did not start again.');
    },
  };
}

/** `npm start`'s server as a child process, once it answers (`ready`), or once it gave up. */
async function spawnServer(
  env: NodeJS.ProcessEnv,
  baseURL: string,
): Promise<{ ready: boolean; stop: () => Promise<void> }> {
  // The server's bundle, which the run's main server script built (scripts/e2e-server.mjs, decision 0051).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/server.mjs'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseURL}/pass/login`);
      if (response.ok) return { ready: true, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  return { ready: false, stop };
}
