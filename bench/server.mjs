// Starting the real server for the bench: a fresh data folder, PGlite or a scratch Postgres database,
// the demo (or another pass-import file) imported on start, exactly as `npm start` does.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, portAnswers, ROOT, SERVER_ENTRY, SERVER_NODE_ARGS } from '../scripts/lib.mjs';

export const AVA = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';
export const GUEST = 'demo-guest-brew-9Lm4tR7vX1pQ8wE2';

export const note = (line) => console.log(`  ${line}`);
export const section = (title) => console.log(`\n== ${title}`);

/**
 * The headers the holder app sends with every API call: the token, the API version, the language (decision
 * 0049: without it the server reads the holder's saved language, a query the app never causes) and, as a
 * browser, the encodings it takes.
 */
export function apiHeaders(token) {
  return {
    'X-Pass-Token': token,
    'X-Pass-Api-Version': '1',
    'X-Pass-Language': 'en',
    'Accept-Encoding': 'gzip, br',
  };
}

/**
 * Starts the server on a free port and waits until Ava's /data answers 200 (the import is done).
 * `extraEnv` may set DATABASE_URL (Postgres) and DEMO_FILE (another import file).
 * Resolves to { base, stop } or null (with the server's last lines printed).
 */
export async function startServer(label, extraEnv = {}, probeToken = AVA) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-bench-'));
  // TRUST_PROXY: the load comes from many simulated client addresses (X-Forwarded-For, see api.mjs),
  // as behind a load balancer, so the per-address API rate limit does not turn it into 429s.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // As deployed (and as npm start runs it): React, which renders the e-mails, in its production build.
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, extraEnv);
  // The server's output goes to a file, as a server's log would: at LOG_LEVEL=info (issue 28's part) every
  // request writes a line, which a pipe read by this process would make this process's work as well.
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((r) => child.once('exit', r)),
        new Promise((r) => setTimeout(r, 10_000)),
      ]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/pass/api/data`, { headers: apiHeaders(probeToken) });
      if (res.ok) return { base, stop, pid: child.pid };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  const output = readFileSync(logFile, 'utf8');
  await stop();
  note(`${label}: the server did not answer GET /pass/api/data with 200 (last output below)`);
  for (const line of output.trim().split('\n').slice(-10)) note(`  | ${line}`);
  return null;
}

/**
 * A scratch Postgres database `name` (dropped and made again), or null with the reason printed.
 * BENCH_DATABASE_URL, when set, is used as it is (and never dropped).
 */
export async function scratchPostgres(name) {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  if (!(await portAnswers('127.0.0.1', 5432))) {
    note('Postgres: none answers on 127.0.0.1:5432 and BENCH_DATABASE_URL is not set: skipped');
    return null;
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    note(`Postgres: could not create the scratch database ${name} (${err.message}): skipped`);
    await admin.end().catch(() => {});
    return null;
  }
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  };
  return { url: `postgres://postgres@127.0.0.1:5432/${name}`, drop };
}

/** User and system CPU time of a process in ms, from /proc (Linux; clock ticks of 10 ms), or null. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The machine's busy CPU time in ms, all cores (/proc/stat: user, nice, system, irq, softirq), or null. */
function machineBusyMs() {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq) * 10;
  } catch {
    return null;
  }
}

/**
 * The CPU time in ms of the server process, and of the rest of the machine but this process (Postgres, on a
 * machine running nothing else), or null where /proc cannot tell. Taken before and after a measured part,
 * it gives each side's CPU per request. Postgres is counted from the whole machine rather than from its
 * backends' /proc entries: the server's pool closes idle connections, and a backend that exits during a
 * step takes its CPU with it (the sum of the live ones went down, giving negative figures).
 */
export function cpuMs(serverPid) {
  const server = processCpuMs(serverPid);
  const machine = machineBusyMs();
  if (server === null || machine === null) return null;
  const own = process.cpuUsage();
  return { server, postgres: machine - server - (own.user + own.system) / 1000 };
}
