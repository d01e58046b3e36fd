// `npm run console:user -- --email a@b.c --partner <id> --role owner [--password ...]`: creates a partner
// console staff account (issue 30). The work is apps/server/src/console/staff/cli.ts, run with tsx from the
// repository root as the server is (its DATA_DIR and DATABASE_URL are the server's).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, requireSupportedNode } from './lib.mjs';

requireSupportedNode('npm run console:user');

const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/console/staff/cli.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);
child.on('error', (err) => {
  console.error(`[trailpass] could not run the console user command: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
