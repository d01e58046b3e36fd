// The server the Playwright journeys run against: `npm start` on a fresh temporary DATA_DIR
// (embedded database, demo imported anew each run), on loopback. The folder is removed on exit.
// Env: E2E_PORT (default 4780).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfNeeded, ROOT, SERVER_ENTRY } from './lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-e2e-'));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

const buildCode = await buildWebIfNeeded();
if (buildCode !== 0) {
  cleanup();
  process.exit(buildCode);
}

const env = {
  LOG_LEVEL: 'warn',
  ...process.env,
  PORT: process.env.E2E_PORT ?? '4780',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL;
console.log(`[e2e-server] DATA_DIR=${dataDir} PORT=${env.PORT}`);
const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
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
