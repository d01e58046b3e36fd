// `npm run import -- FILE [--replace]`: imports a pass-import/1 file into the database the server uses (its
// DATA_DIR and DATABASE_URL). The work is apps/server/src/db/import/cli.ts, run from the server's bundle
// (built when stale, decision 0051); FILE is read relative to the folder npm was run in (INIT_CWD).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildIfNeeded, ROOT, requireSupportedNode, SERVER_BUILD, SERVER_NODE_ARGS } from './lib.mjs';

requireSupportedNode('npm run import');
const built = await buildIfNeeded('server');
if (built !== 0) process.exit(built);

const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUILD.import, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
child.on('error', (err) => {
  console.error(`[trailpass] could not run the import: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
