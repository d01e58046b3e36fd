// Issue 28: what a page load and a stray request cost the server, next to a bare Fastify hello in a process
// of its own (bench/hello.mjs), measured in the same run. The server runs as in production behind a balancer:
// LOG_LEVEL=info and TRUST_PROXY=true, every request from a client address of its own (X-Forwarded-For, as the
// hot reads are measured), its log written to a file. A second server with LOG_LEVEL=silent gives the 404's
// rate without request logging, for what one log line a request costs. The load comes from light-load.mjs,
// not autocannon, whose own work per answer capped a 108 kB file at a few hundred a second (decision 0036).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, portAnswers, ROOT, WEB_DIST } from '../scripts/lib.mjs';
import { lightLoad } from './light-load.mjs';
import { note } from './server.mjs';

/** What a browser sends. */
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: '*/*' };

/** Issue 28's targets: each figure's req/s over the bare hello's, measured on either side of it. */
export const STATIC_TARGETS = {
  asset: 0.08,
  page: 0.3,
  apiNotFound: 0.5,
  /** The 404 with a log line per request against the same without logging: at most 15 % slower. */
  logging: 0.85,
};

/** A process's user and system CPU time in µs (Linux /proc; clock ticks of 10 ms), or null. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/**
 * `lightLoad` of `seconds` after a one-second warm-up, with the CPU the process `pid` spent per answer in µs
 * (null where /proc cannot tell); `wrongStatus` counts the answers whose status is not `expect`.
 */
async function loadTest(url, headers, { connections, seconds, expect = 200, pid }) {
  await lightLoad(url, headers, { connections, seconds: 1 });
  const before = cpuMicros(pid);
  const r = await lightLoad(url, headers, { connections, seconds });
  const after = cpuMicros(pid);
  const answers = Object.values(r.statuses).reduce((sum, count) => sum + count, 0);
  const wrongStatus = answers - (r.statuses[expect] ?? 0);
  const cpu = before === null || after === null || answers === 0 ? null : (after - before) / answers;
  return { rps: r.rps, p99: r.p99, errors: r.errors, wrongStatus, cpu };
}

/** The bare hello on a free port, in a process of its own; { base, pid, stop } or null. */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'bench/hello.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await portAnswers('127.0.0.1', port))
      return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  return null;
}

/** The hashed JS chunk of the build whose Brotli file is largest: its URL path and that size. */
export function largestChunk(dist = WEB_DIST) {
  const assets = join(dist, 'assets');
  let best = null;
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.js.br')) continue;
    const size = statSync(join(assets, name)).size;
    if (!best || size > best.size) best = { path: `/pass/assets/${name.slice(0, -'.br'.length)}`, size };
  }
  return best;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The figures of issue 28 items 1 to 3 against `server` (LOG_LEVEL=info) and `quiet` (LOG_LEVEL=silent). Each
 * round measures the hello before each route and once more at its end; a route's ratio in a round is its req/s
 * over the mean of the hello's runs on either side of it (the two 404s share theirs: they are measured one
 * after the other, and the logging figure is the first over the second). Each figure is the median of
 * `rounds` rounds, since on a shared machine one run can be a third off the next.
 * Returns { [key]: { label, rps, p99, cpu, helloRps, helloCpu, ratio, valid } } and logging: { ratio }.
 */
export async function staticFigures(server, quiet, hello, options) {
  const chunk = largestChunk();
  const routes = [
    {
      key: 'asset',
      label: `largest JS chunk, br (${(chunk.size / 1000).toFixed(0)} kB)`,
      url: server.base + chunk.path,
      headers: { ...BROWSER, 'Accept-Encoding': 'br' },
      status: 200,
      pid: server.pid,
    },
    {
      key: 'page',
      label: '/pass/login, no token',
      url: `${server.base}/pass/login`,
      headers: BROWSER,
      status: 200,
      pid: server.pid,
    },
    {
      key: 'apiNotFound',
      label: '/pass/api/nope (404)',
      url: `${server.base}/pass/api/nope`,
      headers: BROWSER,
      status: 404,
      pid: server.pid,
    },
    {
      key: 'apiNotFoundQuiet',
      label: '/pass/api/nope (404), no logging',
      url: `${quiet.base}/pass/api/nope`,
      headers: BROWSER,
      status: 404,
      pid: quiet.pid,
      // Right after the logged 404, with no hello between: the logging figure compares the two.
      follows: 'apiNotFound',
    },
  ];
  const { connections, seconds, warmSeconds, rounds } = options;
  const helloRun = () => loadTest(`${hello.base}/`, {}, { connections, seconds, pid: hello.pid });
  // Each route under the load for a while before any is measured (as the hot reads, api.mjs): their code
  // optimised, the servers in the state they serve a busy hour in.
  for (const route of routes)
    await lightLoad(route.url, route.headers, { connections, seconds: warmSeconds });

  const runs = Object.fromEntries(routes.map((route) => [route.key, []]));
  const loggingRatios = [];
  const helloAll = [];
  for (let round = 0; round < rounds; round++) {
    let helloBefore = await helloRun();
    helloAll.push(helloBefore);
    const pending = [];
    for (const route of routes) {
      if (!route.follows && pending.length > 0) {
        const helloAfter = await helloRun();
        helloAll.push(helloAfter);
        for (const run of pending.splice(0)) run.settle(helloBefore, helloAfter);
        helloBefore = helloAfter;
      }
      const r = await loadTest(route.url, route.headers, {
        connections,
        seconds,
        expect: route.status,
        pid: route.pid,
      });
      const entry = { ...r };
      runs[route.key].push(entry);
      pending.push({
        settle(before, after) {
          entry.helloRps = (before.rps + after.rps) / 2;
          entry.helloCpu = before.cpu !== null && after.cpu !== null ? (before.cpu + after.cpu) / 2 : null;
          entry.ratio = r.rps / entry.helloRps;
          entry.valid = !r.errors && r.wrongStatus === 0 && !before.errors && !after.errors;
        },
      });
    }
    const helloAfter = await helloRun();
    helloAll.push(helloAfter);
    for (const run of pending.splice(0)) run.settle(helloBefore, helloAfter);
    const logged = runs.apiNotFound[round];
    const silent = runs.apiNotFoundQuiet[round];
    if (logged.valid && silent.valid) loggingRatios.push(logged.rps / silent.rps);
  }

  const out = {};
  for (const route of routes) {
    const all = runs[route.key];
    const valid = all.every((run) => run.valid);
    const cpus = all.map((run) => run.cpu).filter((cpu) => cpu !== null);
    const helloCpus = all.map((run) => run.helloCpu).filter((cpu) => cpu !== null);
    out[route.key] = {
      label: route.label,
      valid,
      ratio: median(all.map((run) => run.ratio)),
      rps: median(all.map((run) => run.rps)),
      helloRps: median(all.map((run) => run.helloRps)),
      p99: median(all.map((run) => run.p99)),
      cpu: cpus.length ? median(cpus) : null,
      helloCpu: helloCpus.length ? median(helloCpus) : null,
    };
    const f = out[route.key];
    note(
      `${route.label.padEnd(36)} ratio ${f.ratio.toFixed(3)} (rounds: ${all.map((run) => run.ratio.toFixed(3)).join(', ')}); ` +
        `${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms` +
        (f.cpu === null
          ? ''
          : `, server CPU ${f.cpu.toFixed(0)} µs per answer against the hello's ${f.helloCpu?.toFixed(0)}`) +
        (valid ? '' : '  (errors or unexpected statuses: not valid)'),
    );
  }
  note(`bare Fastify hello, each run: ${helloAll.map((r) => r.rps.toFixed(0)).join(', ')} req/s`);
  if (loggingRatios.length === rounds) {
    out.logging = { ratio: median(loggingRatios), rounds: loggingRatios };
    note(
      `404 with its log line over without: ${out.logging.ratio.toFixed(3)} (rounds: ${loggingRatios.map((x) => x.toFixed(3)).join(', ')})`,
    );
  }
  return out;
}
