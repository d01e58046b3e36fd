// `npm run bench`: numbers, never a failure.
//   1. initial JS (gzip) per entry route, from apps/web/dist and the Vite manifest
//   2. GET /pass/api/data vs a bare route of the same server: req/s and p99 (autocannon), on PGlite
//      and on Postgres when one is reachable (BENCH_DATABASE_URL, else a scratch database on 127.0.0.1:5432)
//   3. Lighthouse mobile scores for Login, Experiences and Rewards in Debian's Chromium
// Env: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 10).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildWebIfNeeded,
  CHROMIUM,
  freePort,
  portAnswers,
  ROOT,
  run,
  SERVER_ENTRY,
  WEB_DIR,
  WEB_DIST,
} from '../scripts/lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const AVA = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';
const GUEST = 'demo-guest-brew-9Lm4tR7vX1pQ8wE2';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
// Candidates for "a bare route of the same server", first that answers 200 wins.
const BARE_ROUTES = ['/pass/api/health', '/pass/api/hello', '/health', '/healthz'];

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const section = (title) => console.log(`\n== ${title}`);
const note = (line) => console.log(`  ${line}`);

// ---------------------------------------------------------------- 1. bundle
const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The Vite manifest of dist, or of a scratch build with --manifest when dist has none. */
async function viteManifest() {
  const inDist = join(WEB_DIST, '.vite/manifest.json');
  if (existsSync(inDist)) return { dir: WEB_DIST, manifest: JSON.parse(readFileSync(inDist, 'utf8')) };
  const outDir = mkdtempSync(join(tmpdir(), 'trailpass-bench-web-'));
  note(`dist has no Vite manifest: building a copy with --manifest in ${outDir}`);
  const code = await run(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_DIR,
    },
  );
  const file = join(outDir, '.vite/manifest.json');
  if (code !== 0 || !existsSync(file)) return null;
  return { dir: outDir, manifest: JSON.parse(readFileSync(file, 'utf8')), scratch: true };
}

/** JS files loaded up-front by index.html: module scripts and modulepreloads. */
function upFrontFromHtml(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"[^>]*>/g)) {
    const tag = m[0];
    if (tag.startsWith('<script') && !/type="module"/.test(tag)) continue;
    if (tag.startsWith('<link') && !/rel="modulepreload"/.test(tag)) continue;
    files.add(m[1].replace(/^\/pass\//, '').replace(/^\//, ''));
  }
  return [...files];
}

async function bundleReport() {
  section('Initial JS per entry route (gzip -9)');
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    note('apps/web/dist is missing and could not be built: no bundle numbers');
    return;
  }
  const upFront = upFrontFromHtml(WEB_DIST);
  const upFrontBytes = upFront.reduce((sum, f) => sum + gzipSize(join(WEB_DIST, f)), 0);
  note(`index.html loads up-front: ${kB(upFrontBytes)} in ${upFront.length} file(s): ${upFront.join(', ')}`);

  const built = await viteManifest();
  if (!built) {
    note('no Vite manifest could be made: per-route numbers unavailable');
    return;
  }
  const { dir, manifest } = built;
  // Closure of static imports from a manifest key.
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) {
    note('the manifest has no entry chunk');
    return;
  }
  const base = closure(entryKey);
  const size = (keys) => [...keys].reduce((sum, k) => sum + gzipSize(join(dir, manifest[k].file)), 0);
  const baseBytes = size(base);
  note(`entry ${entryKey} with its static imports: ${kB(baseBytes)}`);
  // Each lazily loaded route chunk (a dynamic import of the entry or its static imports) adds its own closure.
  const lazy = new Set([...base].flatMap((k) => manifest[k].dynamicImports ?? []));
  const rows = [...lazy].map((key) => {
    const extra = new Set([...closure(key)].filter((k) => !base.has(k)));
    return { route: key.replace(/^src\//, ''), extra: size(extra), total: baseBytes + size(extra) };
  });
  rows.sort((a, b) => b.total - a.total);
  for (const r of rows) note(`${r.route.padEnd(60)} +${kB(r.extra).padStart(9)} = ${kB(r.total)}`);
  if (rows.length === 0) note('no lazily loaded routes: every route loads the entry above');
  if (built.scratch) rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- server
async function startServer(label, extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-bench-'));
  // TRUST_PROXY: the load comes from many simulated client addresses (X-Forwarded-For, see loadTest),
  // as behind a load balancer, so the per-address API rate limit (600/min) does not turn it into 429s.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  };
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
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
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/pass/api/data`, { headers: apiHeaders(AVA) });
      if (res.ok) return { base, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  note(`${label}: the server did not answer GET /pass/api/data with 200 (last output below)`);
  for (const line of output.trim().split('\n').slice(-10)) note(`  | ${line}`);
  return null;
}

function apiHeaders(token) {
  return { 'X-Pass-Token': token, 'X-Pass-Api-Version': '1', 'Accept-Encoding': 'gzip, br' };
}

// ---------------------------------------------------------------- 2. API throughput
// Simulated client addresses, only ever written into X-Forwarded-For (198.18.0.0/15 is the range set
// aside for benchmarks); every request goes to the server on 127.0.0.1.
const CLIENTS = 512;
const clientAddress = (i) => `198.18.${i >> 8}.${i & 255}`;

async function loadTest(url, headers) {
  const { default: autocannon } = await import('autocannon');
  const path = new URL(url).pathname + new URL(url).search;
  const requests = Array.from({ length: CLIENTS }, (_, i) => ({
    method: 'GET',
    path,
    headers: { ...headers, 'X-Forwarded-For': clientAddress(i) },
  }));
  const once = (duration) =>
    new Promise((resolvePromise, reject) => {
      autocannon({ url, requests, connections: CONNECTIONS, duration }, (err, result) =>
        err ? reject(err) : resolvePromise(result),
      );
    });
  await once(1); // warm-up
  const r = await once(SECONDS);
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

async function apiReport(label, server) {
  let bare = null;
  for (const path of BARE_ROUTES) {
    const res = await fetch(server.base + path).catch(() => null);
    if (res?.status === 200) {
      bare = path;
      break;
    }
  }
  const data = await loadTest(`${server.base}/pass/api/data`, apiHeaders(AVA));
  const fmt = (r) =>
    `${r.rps.toFixed(0).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms` +
    (r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : '');
  note(`${label.padEnd(9)} GET /pass/api/data     ${fmt(data)}`);
  if (data.non2xx)
    note(`${label.padEnd(9)} (non-2xx answers make these numbers meaningless: see the server log)`);
  if (!bare) {
    note(`${label.padEnd(9)} no bare route answers 200 (tried ${BARE_ROUTES.join(', ')}): no ratio`);
    return;
  }
  const hello = await loadTest(server.base + bare, {});
  note(`${label.padEnd(9)} GET ${bare.padEnd(19)} ${fmt(hello)}  (bare: no token, one \`select 1\`)`);
  note(
    `${label.padEnd(9)} ratio /data : bare = ${(data.rps / hello.rps).toFixed(3)} (req/s), p99 ${data.p99} ms vs ${hello.p99} ms`,
  );
}

/** A scratch Postgres database for the bench, or null with the reason printed. */
async function postgresForBench() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => {} };
  if (!(await portAnswers('127.0.0.1', 5432))) {
    note('Postgres: none answers on 127.0.0.1:5432 and BENCH_DATABASE_URL is not set: skipped');
    return null;
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS trailpass_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE trailpass_bench');
  } catch (err) {
    note(`Postgres: could not create the scratch database trailpass_bench (${err.message}): skipped`);
    await admin.end().catch(() => {});
    return null;
  }
  const drop = async () => {
    await admin.query('DROP DATABASE IF EXISTS trailpass_bench WITH (FORCE)').catch(() => {});
    await admin.end().catch(() => {});
  };
  return { url: 'postgres://postgres@127.0.0.1:5432/trailpass_bench', drop };
}

// ---------------------------------------------------------------- 3. Lighthouse
async function lighthouseReport(server) {
  section('Lighthouse mobile (Debian Chromium, simulated throttling)');
  if (!existsSync(CHROMIUM)) {
    note(`Lighthouse: ${CHROMIUM} is missing (apt-get install -y chromium): skipped`);
    return;
  }
  if (!existsSync(join(ROOT, 'node_modules/lighthouse/cli/index.js'))) {
    note('Lighthouse: the lighthouse package is not installed: skipped');
    return;
  }
  const pages = [
    ['Login', `/pass/login?t=${GUEST}`],
    ['Experiences', `/pass/experiences?t=${AVA}`],
    ['Rewards', `/pass/rewards?t=${AVA}`],
  ];
  const outDir = mkdtempSync(join(tmpdir(), 'trailpass-lighthouse-'));
  for (const [name, path] of pages) {
    const out = join(outDir, `${name}.json`);
    const code = await run(
      'npx',
      [
        'lighthouse',
        server.base + path,
        '--quiet',
        `--chrome-path=${CHROMIUM}`,
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--output=json',
        `--output-path=${out}`,
        '--max-wait-for-load=30000',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
    );
    let report = null;
    try {
      report = JSON.parse(readFileSync(out, 'utf8'));
    } catch {}
    if (code !== 0 || !report) {
      note(`${name.padEnd(12)} lighthouse did not run here (exit ${code})`);
      continue;
    }
    const score = (id) => {
      const s = report.categories?.[id]?.score;
      return s == null ? ' n/a' : String(Math.round(s * 100)).padStart(4);
    };
    const metric = (id) => report.audits?.[id]?.displayValue ?? 'n/a';
    const finalPath = relative(server.base, report.finalDisplayedUrl ?? '') || '?';
    note(
      `${name.padEnd(12)} performance${score('performance')}  accessibility${score('accessibility')}  ` +
        `best-practices${score('best-practices')}  seo${score('seo')}  ` +
        `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  (${finalPath.split('?')[0]})`,
    );
    if (report.runtimeError?.message) note(`${''.padEnd(12)} runtime error: ${report.runtimeError.message}`);
  }
  rmSync(outDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- main
const started = Date.now();
try {
  const buildCode = await buildWebIfNeeded();
  if (buildCode !== 0) note(`the web build failed (exit ${buildCode}); numbers below may be missing`);
  await bundleReport();

  section(`GET /pass/api/data vs a bare route (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each)`);
  const embedded = await startServer('PGlite', {});
  if (embedded) {
    try {
      await apiReport('PGlite', embedded);
    } catch (err) {
      note(`PGlite: load test failed: ${err.message}`);
    }
  }
  const pgdb = await postgresForBench();
  if (pgdb) {
    const server = await startServer('Postgres', { DATABASE_URL: pgdb.url });
    if (server) {
      try {
        await apiReport('Postgres', server);
      } catch (err) {
        note(`Postgres: load test failed: ${err.message}`);
      }
      await server.stop();
    }
    await pgdb.drop();
  }

  if (embedded) {
    await lighthouseReport(embedded);
    await embedded.stop();
  } else {
    section('Lighthouse mobile');
    note('skipped: the server did not start');
  }
} catch (err) {
  console.log(`\nbench stopped early: ${err?.stack ?? err}`);
}
console.log(
  `\nbench done in ${((Date.now() - started) / 1000).toFixed(0)} s (benchmarks report; they never fail)`,
);
process.exit(0);
