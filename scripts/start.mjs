// `npm start`: build what is missing (the web app), then run the server from the repo root.
// The server itself migrates the database, imports demo/ into an empty one and prints the demo links.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildWebIfNeeded, ROOT, requireSupportedNode, SERVER_ENTRY } from './lib.mjs';

requireSupportedNode('npm start');

if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('[trailpass] node_modules is missing: run `npm ci` first.');
  process.exit(1);
}

const buildCode = await buildWebIfNeeded();
if (buildCode !== 0) {
  console.error(`[trailpass] the web build failed (exit ${buildCode}); not starting the server.`);
  process.exit(buildCode);
}

const server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});

// Pass termination signals on so the server can shut down gracefully, then exit as it does.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('error', (err) => {
  console.error(`[trailpass] could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
