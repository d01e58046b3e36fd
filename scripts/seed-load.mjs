// `npm run seed:load -- [--holders 100000] [--offer 101] [--batch 10000] [--page-views 2000000]
// [--check-ins 200000]`: many holders, with passes, points and orders, and their page views and check-ins, on
// one offer of the database the server uses (issue 30 item 7, decision 0042; issue 31 item 5, decision
// 0045). The work is apps/server/src/console/holder-import/seed-load-cli.ts, run from the server's bundle
// (built when stale) at the repository root as the server is (its DATA_DIR and DATABASE_URL are the server's).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildIfNeeded, ROOT, requireSupportedNode, SERVER_BUILD, SERVER_NODE_ARGS } from './lib.mjs';

requireSupportedNode('npm run seed:load');
const built = await buildIfNeeded('server');
if (built !== 0) process.exit(built);

const child = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, SERVER_BUILD.seedLoad, ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);
child.on('error', (err) => {
  console.error(`[trailpass] could not run the seed: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
