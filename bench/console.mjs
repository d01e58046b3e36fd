// `BENCH_ONLY=console npm run bench` (issue 30 item 7, decision 0042): the partner console's reads on Postgres
// with 100,000 holders on the demo's offer 101 (npm run seed:load): the holder list's first page and a late
// page sorted by name, holder search by e-mail fragment and by name, and the fulfilment queue, each measured
// over BENCH_CONSOLE_REQUESTS requests sent one at a time (the latency of one staff member's click, not a
// load test) with a signed-in owner's cookie, as a p95 against the issue's 200 ms. Issue 31 item 5 (decision
// 0045): the seed adds 2,000,000 page views and 200,000 check-ins (BENCH_CONSOLE_PAGE_VIEWS,
// BENCH_CONSOLE_CHECK_INS), and each report's JSON route is measured the same way for the default 30 days and
// for the longest range, 366 days, as a p95 against 300 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib.mjs';
import { note } from './server.mjs';

const OWNER = 'bench-owner@trailpass.example';
// A scratch database's account only: the bench signs in with it.
const PASSWORD = 'bench-owner-password-2026';
const OFFER = 101;
/** Partner 1's zone (the demo's): the report ranges are its calendar days. */
const PARTNER_ZONE = 'America/Chicago';

/** Runs one of the repository's commands (scripts/*.mjs) against the bench's database; resolves to its exit and output. */
function runScript(script, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Seeds `holders` holders (a database seeded already is used as it is) and makes the bench's owner.
 * Returns null when both worked, else the reason.
 */
export async function prepareConsoleDatabase(
  databaseUrl,
  holders,
  { pageViews = 2_000_000, checkIns = 200_000 } = {},
) {
  // console:user keeps the console secret in DATA_DIR: a scratch folder, not the repository's .data.
  const dataDir = mkdtempSync(join(tmpdir(), 'trailpass-bench-console-'));
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  try {
    const started = Date.now();
    const seed = await runScript(
      'scripts/seed-load.mjs',
      ['--holders', String(holders), '--page-views', String(pageViews), '--check-ins', String(checkIns)],
      env,
    );
    if (seed.code === 0)
      note(
        `seeded ${holders} holders, ${pageViews} page views and ${checkIns} check-ins in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    else if (/seeded already/.test(seed.output)) note('the database was seeded already: used as it is');
    else return `npm run seed:load failed: ${seed.output.trim().split('\n').at(-1)}`;
    const user = await runScript(
      'scripts/console-user.mjs',
      ['--email', OWNER, '--partner', '1', '--role', 'owner', '--password', PASSWORD],
      env,
    );
    if (user.code !== 0) return `npm run console:user failed: ${user.output.trim().split('\n').at(-1)}`;
    return null;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The owner's session cookie from better-auth's sign-in, or null. */
async function signIn(base) {
  const res = await fetch(`${base}/console/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: OWNER, password: PASSWORD }),
  });
  if (!res.ok) return null;
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `requests` GETs of `pathOf(i)` one after the other (after 5 unmeasured), each timed to its last byte. */
async function timeReads(base, cookie, pathOf, requests) {
  const once = async (i) => {
    const started = performance.now();
    const res = await fetch(base + pathOf(i), { headers: { cookie } });
    const body = await res.text();
    return { ms: performance.now() - started, status: res.status, body };
  };
  for (let i = 0; i < 5; i++) await once(-1 - i);
  const times = [];
  const statuses = new Map();
  let total = null;
  for (let i = 0; i < requests; i++) {
    const r = await once(i);
    times.push(r.ms);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.status === 200 && total === null) {
      const body = JSON.parse(r.body);
      // A list's total, or a report's rows.
      total = body.total ?? (Array.isArray(body.rows) ? `${body.rows.length} rows` : null);
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1),
    ok: statuses.get(200) === requests,
    statuses: [...statuses].map(([status, n]) => `${n}x ${status}`).join(', '),
    total,
  };
}

const LAST_NAMES = ['lindqvist', 'okafor', 'tanaka', 'moreau', 'patel', 'novak', 'schmidt', 'garcia'];

/** The figures: [figure, path of request i, why when missed]. */
export const CONSOLE_READS = [
  [
    'Console: holder list, first page by name',
    () => `/console/api/offers/${OFFER}/holders?sort=name&perPage=25`,
    'see the plans in docs/decisions/0042',
  ],
  [
    'Console: holder list, page 3,000 by name',
    () => `/console/api/offers/${OFFER}/holders?sort=name&perPage=25&page=3000`,
    'a middle page still skips its offset along the name index (a late one is read from the end); keyset paging would not (decision 0042)',
  ],
  [
    'Console: holder search by e-mail fragment',
    (i) =>
      `/console/api/offers/${OFFER}/holders?q=${String(10_007 + (((i + 10) * 7919) % 89_000)).padStart(6, '0')}%40seed`,
    'the trigram index of partner_users.email finds the matches; see the plans in decision 0042',
  ],
  [
    'Console: holder search by name',
    (i) =>
      `/console/api/offers/${OFFER}/holders?q=${LAST_NAMES[Math.abs(i) % LAST_NAMES.length]}-${Math.abs(i * 37) % 997}`,
    'the trigram index of partner_users.name finds the matches; see the plans in decision 0042',
  ],
  [
    'Console: fulfilment queue, shipped',
    () => `/console/api/offers/${OFFER}/fulfilment?kind=shipped&perPage=25`,
    'see decision 0041',
  ],
  [
    'Console: fulfilment queue, pickups',
    () => `/console/api/offers/${OFFER}/fulfilment?kind=pickup&perPage=25`,
    'see decision 0041',
  ],
];

/** Today in the partner's zone and `days` before it, as YYYY-MM-DD. */
function partnerDay(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: PARTNER_ZONE }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const REPORTS = [
  ['active-holders', 'active holders'],
  ['page-views', 'page views'],
  ['check-ins', 'check-ins'],
  ['points', 'points'],
  ['rewards', 'rewards claimed'],
  ['orders', 'orders'],
];

/**
 * Issue 31 item 5: each report's JSON route, for the default range (the 30 days up to today) and the longest
 * (the 366 days up to today): [figure, path of request i, why when missed].
 */
export const REPORT_READS = REPORTS.flatMap(([report, label]) => [
  [
    `Console report: ${label}, 30 days`,
    () => `/console/api/offers/${OFFER}/reports/${report}`,
    'see the plans in docs/decisions/0045',
  ],
  [
    `Console report: ${label}, 366 days`,
    () => `/console/api/offers/${OFFER}/reports/${report}?from=${partnerDay(365)}&to=${partnerDay(0)}`,
    'see the plans in docs/decisions/0045',
  ],
]);

/** Measures every read of `reads`; resolves to { figure: result or { missing: reason } }. */
export async function consoleReads(server, requests, reads = CONSOLE_READS) {
  const cookie = await signIn(server.base);
  const out = {};
  if (!cookie) {
    for (const [figure] of reads) out[figure] = { missing: 'the bench owner could not sign in' };
    return out;
  }
  note(`load average ${loadavg()[0].toFixed(2)} before the reads`);
  for (const [figure, pathOf] of reads) {
    const probe = await fetch(server.base + pathOf(0), { headers: { cookie } });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      out[figure] = { missing: `${pathOf(0).split('?')[0]} answers 404: not on this server` };
      continue;
    }
    const r = await timeReads(server.base, cookie, pathOf, requests);
    out[figure] = r;
    note(
      `${figure.padEnd(44)} p50 ${Math.round(r.p50)} ms, p95 ${Math.round(r.p95)} ms, max ${Math.round(r.max)} ms (${r.statuses}${r.total === null ? '' : `; total ${r.total}`})`,
    );
  }
  return out;
}
