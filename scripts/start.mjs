// `npm start`: build what is missing (the web app, the partner console, the server's bundle), then run the server
// from the repo root.
// The server itself migrates the database, imports demo/ into an empty one and prints the demo links.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, ROOT, requireSupportedNode, SERVER_ENTRY, SERVER_NODE_ARGS } from './lib.mjs';

requireSupportedNode('npm start');

if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('[trailpass] node_modules is missing: run `npm ci` first.');
  process.exit(1);
}

const buildCode = await buildIfNeeded('web');
if (buildCode !== 0) {
  console.error(`[trailpass] the web build failed (exit ${buildCode}); not starting the server.`);
  process.exit(buildCode);
}
// The pass works without the partner console (issue 30): when its build fails, say so and go on.
const consoleCode = await buildIfNeeded('console');
if (consoleCode !== 0)
  console.error(`[trailpass] the console build failed (exit ${consoleCode}); /console/ will answer 404.`);

const serverCode = await buildIfNeeded('server');
if (serverCode !== 0) {
  console.error(`[trailpass] the server build failed (exit ${serverCode}); not starting the server.`);
  process.exit(serverCode);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
  cwd: ROOT,
  stdio: 'inherit',
  // React renders the e-mails: its production build unless the caller chose otherwise (issue 29's leftover).
  env: { NODE_ENV: 'production', ...process.env },
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
