// `npm run console:user -- --email a@b.c --partner <id> --role owner [--password ...]`: creates a partner
// console staff account (issue 30). The work is apps/server/src/console/staff/cli.ts, run from the server's
// bundle (built when stale) at the repository root as the server is (its DATA_DIR and DATABASE_URL are the
// server's).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildIfNeeded, ROOT, requireSupportedNode, SERVER_BUILD, SERVER_NODE_ARGS } from './lib.mjs';

requireSupportedNode('npm run console:user');
const built = await buildIfNeeded('server');
if (built !== 0) process.exit(built);

const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUILD.staff, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
child.on('error', (err) => {
  console.error(`[trailpass] could not run the console user command: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
