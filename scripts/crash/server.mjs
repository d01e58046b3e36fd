// The real server process for the crash test: `node apps/server/dist/server.mjs` (built by npm test first), as `npm start`
// runs it (without npm in between, so the process that gets SIGKILL is the server itself).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVER_ENTRY, SERVER_NODE_ARGS } from '../lib.mjs';

const START_TIMEOUT_MS = 180_000;

/** True when /proc says `pid` runs the server entry (Linux; elsewhere the check is skipped). */
function runsServerEntry(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(SERVER_ENTRY);
  } catch {
    return true;
  }
}

/**
 * Starts the server on `env` (DATA_DIR, DATABASE_URL) at `port` and waits until /pass/api/health answers
 * 200. Rejects, with the server's stderr, when it exits first or takes longer than three minutes.
 */
export async function startServer({ port, env }) {
  const childEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    // API only: the crash test needs no web build (and must not read one being rebuilt).
    WEB_DIST: join(env.DATA_DIR, 'no-web-build'),
    // Each load client sends its own X-Forwarded-For, as clients behind a proxy would, so the per-token
    // and address API limit counts each client on its own.
    TRUST_PROXY: 'true',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  // Only the database given here, and rate limits in memory.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  let exit = null;
  exited.then((value) => {
    exit = value;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (exit) break;
    try {
      const response = await fetch(`${baseUrl}/pass/api/health`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  if (exit || Date.now() - started >= START_TIMEOUT_MS) {
    if (!exit) child.kill('SIGKILL');
    const how = exit ? `exited (${exit.signal ?? `code ${exit.code}`})` : 'did not answer in time';
    throw new Error(`the server ${how} while starting:\n${stderr.trim()}`);
  }
  if (!runsServerEntry(child.pid)) throw new Error(`process ${child.pid} is not the server`);
  return {
    baseUrl,
    pid: child.pid,
    startMs: Date.now() - started,
    stderr: () => stderr,
    /** SIGKILL: no shutdown, no flush, no closing of connections. Resolves once the process is gone. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM (the server closes and exits), SIGKILL after 15 s. */
    async stop() {
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
