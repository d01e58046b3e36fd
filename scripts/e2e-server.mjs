// The server the Playwright journeys run against: `npm start` on a fresh temporary DATA_DIR
// (embedded database, demo imported anew each run), on loopback. The folder is removed on exit.
// Env: E2E_PORT (default 4780); E2E_TEMPLATE_DIR, when set: the demo database is made there first (migrated
// and imported by `npm run import`, with its media and icons, and the console journeys' staff accounts of
// e2e/console-accounts.json) and copied into DATA_DIR, and the journeys'
// own servers (e2e/own-server.ts) copy it too instead of migrating and importing each time. It is removed
// on exit as well.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, ROOT, SERVER_BUILD, SERVER_NODE_ARGS } from './lib.mjs';

const DEMO_FILE = 'demo/pass-demo.json';
const CONSOLE_ACCOUNTS = 'e2e/console-accounts.json';

const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-e2e-'));
const template = process.env.E2E_TEMPLATE_DIR;
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (template) rmSync(template, { recursive: true, force: true });
};

// Both front ends: the console's journeys (issue 30) need its build as the pass's need the web app's.
// The server's bundle too: this server, the journeys' own (e2e/own-server.ts) and the CLIs below run it.
const buildCode =
  (await buildIfNeeded('web')) || (await buildIfNeeded('console')) || (await buildIfNeeded('server'));
if (buildCode !== 0) {
  cleanup();
  process.exit(buildCode);
}

const env = {
  LOG_LEVEL: 'warn',
  // As npm start runs it: React (the e-mails) in its production build.
  NODE_ENV: 'production',
  ...process.env,
  PORT: process.env.E2E_PORT ?? '4780',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL;

if (template) {
  rmSync(template, { recursive: true, force: true });
  const made = spawnSync(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUILD.import, DEMO_FILE], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: template, INIT_CWD: ROOT },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (made.status !== 0 || !existsSync(join(template, 'pglite'))) {
    console.error(`[e2e-server] making the demo database in ${template} failed (exit ${made.status})`);
    cleanup();
    process.exit(1);
  }
  // The console journeys' staff accounts (issue 30), once for every server that copies this database.
  const staff = spawnSync(
    process.execPath,
    [...SERVER_NODE_ARGS, SERVER_BUILD.staff, '--from', CONSOLE_ACCOUNTS],
    {
      cwd: ROOT,
      env: { ...env, DATA_DIR: template, INIT_CWD: ROOT },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (staff.status !== 0) {
    console.error(
      `[e2e-server] making the console accounts of ${CONSOLE_ACCOUNTS} failed (exit ${staff.status})`,
    );
    cleanup();
    process.exit(1);
  }
  cpSync(template, dataDir, { recursive: true });
}

console.log(`[e2e-server] DATA_DIR=${dataDir} PORT=${env.PORT}${template ? ` (a copy of ${template})` : ''}`);
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUILD.server], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});

// Playwright signals the whole process group, so the server usually has the signal already;
// pass it on only if the server is still running a moment later (e.g. this process was signalled alone).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    setTimeout(() => {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    }, 1000).unref();
  });
}
server.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
