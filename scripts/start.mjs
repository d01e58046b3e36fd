// `npm start`: build what is missing (the web app, the partner console), then run the server from the repo root.
// The server itself migrates the database, imports demo/ into an empty one and prints the demo links.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildWebIfNeeded, newestMtime, ROOT, requireSupportedNode, run, SERVER_ENTRY } from './lib.mjs';

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

/** Inputs of the partner console's build (issue 30): its sources and config, and the contract it bundles. */
const CONSOLE_INPUTS = [
  'apps/console/src',
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'packages/contract/src',
  'package-lock.json',
];

/** Why the console needs building, or null when apps/console/dist is up to date (or there is no console). */
function consoleBuildReason() {
  if (!existsSync(join(ROOT, 'apps/console/index.html'))) return null;
  const built = join(ROOT, 'apps/console/dist/index.html');
  if (!existsSync(built)) return 'apps/console/dist is missing';
  const builtAt = statSync(built).mtimeMs;
  const changed = CONSOLE_INPUTS.find((p) => newestMtime(join(ROOT, p)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

const consoleReason = consoleBuildReason();
if (consoleReason) {
  console.log(`[trailpass] building the partner console (${consoleReason})`);
  const code = await run('npm', ['run', 'build', '--workspace', 'apps/console']);
  // The pass works without the console: say so and go on.
  if (code !== 0)
    console.error(`[trailpass] the console build failed (exit ${code}); /console/ will answer 404.`);
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
