// The npm commands that run one of the server's CLIs (import, console:user, seed:load): each from the server's
// bundle (built when stale, decision 0051) at the repository root as the server is, so its DATA_DIR and
// DATABASE_URL are the server's; files named on the command line are read relative to the folder npm was
// run in (INIT_CWD). Exits as the CLI exits.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { buildIfNeeded, ROOT, requireSupportedNode, SERVER_BUILD, SERVER_NODE_ARGS } from './lib.mjs';

/** Runs SERVER_BUILD[`entry`] with this process's arguments; `command` names it in messages. */
export async function runServerCli(command, entry) {
  requireSupportedNode(command);
  const built = await buildIfNeeded('server');
  if (built !== 0) process.exit(built);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, SERVER_BUILD[entry], ...process.argv.slice(2)],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: process.env,
    },
  );
  child.on('error', (err) => {
    console.error(`[trailpass] could not run ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}
