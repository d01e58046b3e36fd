// `npm run bench`: the figures of issue 11, each next to its target, in one table at the end. Reports only;
// it never fails and is not part of `npm test`. A few minutes on a 2-core machine.
//   bundle      initial JS per entry route (gzip -9) from apps/web/dist and its Vite manifest
//   api         the hot reads (/data, the Experiences assignment, points current and history) against the
//               bare health route of the same server (autocannon): on PGlite, and on Postgres when one answers
//               (BENCH_DATABASE_URL, else a scratch database on 127.0.0.1:5432)
//   complete    PUT /cart/{id}/complete arriving at 150 a second for 20 s on Postgres (open loop: the p99),
//               then rising rates for the highest one whose p99 stays under 50 ms (complete-rate.mjs)
//   static      issue 28: the largest JS chunk (br), the page without a token, an unknown API path (404) with a
//               log line per request and without logging, against a bare Fastify hello in its own process
//   lighthouse  Lighthouse 12 mobile for Login, Experiences, Rewards and OrderHistory (median of runs), and
//               the JavaScript each page loaded
//   console     issue 30: the partner console's holder list, search and fulfilment queue on Postgres with
//               npm run seed:load's 100,000 holders, and issue 31: each report (30 and 366 days) with their
//               2,000,000 page views and 200,000 check-ins (console.mjs); not in the default set, since the
//               seed takes over 10 minutes on 2 cores (BENCH_DATABASE_URL of a seeded database skips it)
// Env: BENCH_ONLY (comma-separated parts above; default all), BENCH_SECONDS (5), BENCH_WARM_SECONDS (api: each
// route's load before any is measured; 5), BENCH_CONNECTIONS (50),
// BENCH_HOLDERS (complete: holders, one complete each per step; 3000), BENCH_COMPLETE_RATE (150),
// BENCH_COMPLETE_SECONDS (20), BENCH_COMPLETE_LADDER_SECONDS (8), BENCH_LIGHTHOUSE_RUNS (5), BENCH_STATIC_ROUNDS
// (static: rounds of every figure, the median reported; 3), BENCH_CONSOLE_HOLDERS (console: 100000),
// BENCH_CONSOLE_REQUESTS (console: requests per figure, one at a time; 100), BENCH_CONSOLE_PAGE_VIEWS
// (console: 2000000), BENCH_CONSOLE_CHECK_INS (console: 200000).
import { loadavg } from 'node:os';
import { buildIfNeeded, buildWebIfNeeded } from '../scripts/lib.mjs';
import { HOT_READS, hotReads } from './api.mjs';
import { bundleReport } from './bundle.mjs';
import { completeAtRates, writeBenchImport } from './complete.mjs';
import { CONSOLE_READS, consoleReads, prepareConsoleDatabase, REPORT_READS } from './console.mjs';
import { lighthouseMissing, lighthousePages } from './lighthouse.mjs';
import { AVA, GUEST, note, scratchPostgres, section, startServer } from './server.mjs';
import { STATIC_TARGETS, startHello, staticFigures } from './static.mjs';
import { addMissing, addRow, printTable } from './table.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 3000);
/** Issue 28 item 5: completions arriving at this rate for this long (open loop), then rising steps. */
const COMPLETE_RATE = Number(process.env.BENCH_COMPLETE_RATE ?? 150);
const COMPLETE_SECONDS = Number(process.env.BENCH_COMPLETE_SECONDS ?? 20);
const COMPLETE_LADDER_SECONDS = Number(process.env.BENCH_COMPLETE_LADDER_SECONDS ?? 8);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const STATIC_ROUNDS = Number(process.env.BENCH_STATIC_ROUNDS ?? 3);
const CONSOLE_HOLDERS = Number(process.env.BENCH_CONSOLE_HOLDERS ?? 100_000);
const CONSOLE_REQUESTS = Number(process.env.BENCH_CONSOLE_REQUESTS ?? 100);
const CONSOLE_PAGE_VIEWS = Number(process.env.BENCH_CONSOLE_PAGE_VIEWS ?? 2_000_000);
const CONSOLE_CHECK_INS = Number(process.env.BENCH_CONSOLE_CHECK_INS ?? 200_000);
const PARTS = new Set(
  (process.env.BENCH_ONLY ?? 'bundle,static,api,complete,lighthouse').split(',').map((p) => p.trim()),
);

/** Issue 11's targets. Ratios are read req/s over bare-route req/s, measured back to back. */
const TARGETS = {
  ratio: { Postgres: 0.25, PGlite: 0.08 },
  completeP99Ms: 50,
  js: { Login: 150, Experiences: 170 },
  performance: 95,
  accessibility: 100,
  /** Issue 30 item 7: the console's list, search and queue at p95 with 100,000 holders. */
  consoleP95Ms: 200,
  /** Issue 31 item 5: every report at p95 with 2,000,000 page views and 200,000 check-ins. */
  reportP95Ms: 300,
};

const LIGHTHOUSE_PAGES = [
  ['Login', `/pass/login?t=${GUEST}`],
  ['Experiences', `/pass/experiences?t=${AVA}`],
  ['Rewards', `/pass/rewards?t=${AVA}`],
  ['OrderHistory', `/pass/orderhistory?t=${AVA}`],
];
async function bundlePart() {
  // Details only: the table's JS figures are what each page asked for in Lighthouse's run, which includes the
  // chunks a page loads at once (the shell, module code), not only the static closure printed here.
  await bundleReport();
}

async function apiPart(label, server) {
  const results = await hotReads(label, server, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmSeconds: WARM_SECONDS,
  });
  for (const r of Object.values(results)) {
    addRow({
      figure: `${label}: ${r.label} / bare`,
      value: r.valid ? r.ratio : null,
      unit: 'ratio',
      target: TARGETS.ratio[label],
      better: 'higher',
      note: `${Math.round(r.rps)} req/s against the bare route's ${Math.round(r.bareRps)} on either side, p99 ${r.p99} ms${r.valid ? '' : '; errors or non-2xx answers: not valid'}`,
      why: 'the bare route is one `select 1` with no session; where the rest goes: docs/decisions/0023, rounds five to eleven (in round eight the bare route itself became a fifth cheaper; in round eleven compression left the event loop, which is what is full), and 0030',
    });
  }
}

/** Issue 28 items 1 to 3: the built app and stray requests, as ratios to a bare Fastify hello. */
async function staticPart() {
  section(
    `The built app and stray requests vs a bare Fastify hello (light-load.mjs, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_SECONDS} s of each route, median of ${STATIC_ROUNDS} rounds)`,
  );
  const rows = [
    ['asset', 'Static: largest JS chunk (br) / bare hello'],
    ['page', 'Static: /pass/login without a token / bare hello'],
    ['apiNotFound', 'Static: unknown API path (404) / bare hello'],
  ];
  const loggingFigure = 'Static: 404 with its log line / without logging';
  const missing = (reason) => {
    for (const [key, figure] of rows) addMissing(figure, 'ratio', STATIC_TARGETS[key], 'higher', reason);
    addMissing(loggingFigure, 'ratio', STATIC_TARGETS.logging, 'higher', reason);
  };
  const hello = await startHello();
  const server = await startServer('PGlite, LOG_LEVEL=info', { LOG_LEVEL: 'info' });
  const quiet = await startServer('PGlite, LOG_LEVEL=silent', { LOG_LEVEL: 'silent' });
  try {
    if (!hello || !server || !quiet) return missing('a server did not start');
    const r = await staticFigures(server, quiet, hello, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmSeconds: WARM_SECONDS,
      rounds: STATIC_ROUNDS,
    });
    const cpu = (f) =>
      f.cpu === null
        ? ''
        : `; server CPU ${Math.round(f.cpu)} µs per answer, the hello's ${Math.round(f.helloCpu)}`;
    for (const [key, figure] of rows) {
      const f = r[key];
      addRow({
        figure,
        value: f.valid ? f.ratio : null,
        unit: 'ratio',
        target: STATIC_TARGETS[key],
        better: 'higher',
        note: `${f.label}: ${Math.round(f.rps)} req/s against the hello's ${Math.round(f.helloRps)} on either side, p99 ${f.p99} ms${cpu(f)}${f.valid ? '' : '; errors or unexpected statuses: not valid'}`,
        why: "the rest is Node's HTTP and the socket write, Fastify's routing and reply, the security headers and the log line; see docs/decisions/0036",
      });
    }
    addRow({
      figure: loggingFigure,
      value: r.logging?.ratio ?? null,
      unit: 'ratio',
      target: STATIC_TARGETS.logging,
      better: 'higher',
      note:
        `LOG_LEVEL=info ${Math.round(r.apiNotFound.rps)} req/s, LOG_LEVEL=silent ${Math.round(r.apiNotFoundQuiet.rps)} req/s, measured one after the other` +
        (r.apiNotFound.cpu === null || r.apiNotFoundQuiet.cpu === null
          ? ''
          : `; server CPU per 404 ${Math.round(r.apiNotFound.cpu)} µs with the line, ${Math.round(r.apiNotFoundQuiet.cpu)} without`),
      why: "what is left is pino's serialization of the line's fields and the write; the figure is two adjacent runs, whose rounds vary widely on a shared machine; see docs/decisions/0036",
    });
  } finally {
    await Promise.all([hello?.stop(), server?.stop(), quiet?.stop()]);
  }
}

const COMPLETE_DATABASE = 'trailpass_bench_complete';

/** Issue 28 item 5: completions arriving at a fixed rate (open loop, complete-rate.mjs), on Postgres. */
async function completePart() {
  const targetFigure = `Postgres: PUT complete p99 at ${COMPLETE_RATE}/s (open loop, ${COMPLETE_SECONDS} s)`;
  const bestFigure = 'Postgres: highest complete rate with p99 under 50 ms';
  const missing = (reason) => {
    addMissing(targetFigure, 'ms', TARGETS.completeP99Ms, 'lower', reason);
    addMissing(bestFigure, 'req/s', COMPLETE_RATE, 'higher', reason);
  };
  const pg = await scratchPostgres(COMPLETE_DATABASE);
  if (!pg) return missing('no Postgres');
  const bench = writeBenchImport(HOLDERS);
  try {
    const server = await startServer(
      'Postgres (complete)',
      { DATABASE_URL: pg.url, DEMO_FILE: bench.file },
      bench.probeToken,
    );
    if (!server) return missing('the server did not start');
    let r;
    try {
      r = await completeAtRates(server, {
        databaseUrl: pg.url,
        holders: HOLDERS,
        rate: COMPLETE_RATE,
        seconds: COMPLETE_SECONDS,
        ladderSeconds: COMPLETE_LADDER_SECONDS,
        p99BoundMs: TARGETS.completeP99Ms,
      });
    } finally {
      await server.stop();
    }
    const stepLine = (s) =>
      `${s.rate}/s: ${s.count} completes at ${s.achievedRate.toFixed(0)}/s, p50 ${Math.round(s.p50)} ms, ` +
      `p99 ${Math.round(s.p99)} ms, max ${Math.round(s.max)} ms, ${s.failed} failed` +
      (s.cpu
        ? `, server ${s.cpu.server.toFixed(2)} ms and Postgres ${s.cpu.postgres.toFixed(2)} ms of CPU each (its e-mail included)`
        : '') +
      `, client ${Math.round(s.maxLagMs)} ms late at worst, ` +
      (s.mailMs === null
        ? 'e-mails still unsent 3 minutes after the step'
        : `last e-mail sent ${(s.mailMs / 1000).toFixed(1)} s after the step`);
    for (const s of r.steps) note(stepLine(s));
    const t = r.target;
    addRow({
      figure: targetFigure,
      value: t.failed ? null : t.p99,
      unit: 'ms',
      target: TARGETS.completeP99Ms,
      better: 'lower',
      note: `${t.count} completes, p50 ${Math.round(t.p50)} ms, max ${Math.round(t.max)} ms${t.failed ? `; ${t.failed} failed: not valid` : ''}${t.cpu ? `; ${(t.cpu.server + t.cpu.postgres).toFixed(2)} ms of server and Postgres CPU each` : ''}`,
      why: 'the steps above show the latency as the rate rises; see docs/decisions/0040',
    });
    addRow({
      figure: bestFigure,
      value: r.best?.rate ?? null,
      unit: 'req/s',
      target: COMPLETE_RATE,
      better: 'higher',
      note: r.best
        ? `steps of ${COMPLETE_LADDER_SECONDS} s from ${COMPLETE_RATE}/s; the next step: ${r.steps.at(-1) === r.best ? 'none left' : stepLine(r.steps.at(-1))}`
        : 'no step stayed under the bound',
      why: 'the load generator shares the two cores with the server and Postgres',
    });
  } finally {
    bench.cleanup();
    await pg.drop();
  }
}

const CONSOLE_DATABASE = 'trailpass_bench_console';

/** Issue 30 item 7 and issue 31 item 5: the console's reads and reports on Postgres with the seed (console.mjs). */
async function consolePart() {
  section(
    `The partner console with ${CONSOLE_HOLDERS} holders, ${CONSOLE_PAGE_VIEWS} page views and ${CONSOLE_CHECK_INS} check-ins on Postgres (${CONSOLE_REQUESTS} requests one at a time per figure, signed in as an owner)`,
  );
  const groups = [
    [CONSOLE_READS, TARGETS.consoleP95Ms],
    [REPORT_READS, TARGETS.reportP95Ms],
  ];
  const missing = (reason) => {
    for (const [reads, target] of groups)
      for (const [figure] of reads) addMissing(`${figure} p95`, 'ms', target, 'lower', reason);
  };
  const pg = await scratchPostgres(CONSOLE_DATABASE);
  if (!pg) return missing('no Postgres');
  try {
    const server = await startServer('Postgres (console)', { DATABASE_URL: pg.url });
    if (!server) return missing('the server did not start');
    try {
      const failed = await prepareConsoleDatabase(pg.url, CONSOLE_HOLDERS, {
        pageViews: CONSOLE_PAGE_VIEWS,
        checkIns: CONSOLE_CHECK_INS,
      });
      if (failed) return missing(failed);
      for (const [reads, target] of groups) {
        const results = await consoleReads(server, CONSOLE_REQUESTS, reads);
        for (const [figure, , why] of reads) {
          const r = results[figure];
          if (!r || r.missing) {
            addMissing(`${figure} p95`, 'ms', target, 'lower', r?.missing ?? 'not measured');
            continue;
          }
          addRow({
            figure: `${figure} p95`,
            value: r.ok ? r.p95 : null,
            unit: 'ms',
            target,
            better: 'lower',
            note: `p50 ${Math.round(r.p50)} ms, max ${Math.round(r.max)} ms over ${CONSOLE_REQUESTS} requests${r.ok ? '' : `; ${r.statuses}: not valid`}`,
            why,
          });
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
  }
}

/**
 * Waits (up to QUIET_WAIT_MS) for the machine's one-minute load average to fall under QUIET_LOAD: Lighthouse
 * simulates a phone from the CPU time it observes here, so work left running by whatever came before the
 * bench (a test run, a build) costs the pages points that are not theirs. Says what it found.
 */
const QUIET_LOAD = 1;
const QUIET_WAIT_MS = 180_000;
async function waitForQuietMachine() {
  const started = Date.now();
  while (loadavg()[0] >= QUIET_LOAD && Date.now() - started < QUIET_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  // One reading for both the verdict and the figure printed with it.
  const load = loadavg()[0];
  const waited = Math.round((Date.now() - started) / 1000);
  note(
    load < QUIET_LOAD
      ? `load average ${load.toFixed(2)} after waiting ${waited} s`
      : `load average still ${load.toFixed(2)} after ${waited} s: the scores below may be lower than the pages' own`,
  );
}

async function lighthousePart(server) {
  section(`Lighthouse 12 mobile (Debian Chromium, simulated throttling, median of ${LIGHTHOUSE_RUNS})`);
  const missing = lighthouseMissing();
  if (!missing) await waitForQuietMachine();
  const results = missing ? {} : await lighthousePages(server.base, LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS);
  if (missing) note(`skipped: ${missing}`);
  for (const [page] of LIGHTHOUSE_PAGES) {
    const r = results[page];
    const reason = missing ?? 'lighthouse did not run';
    if (TARGETS.js[page] !== undefined) {
      const figure = `JS before ${page} is interactive (gzip)`;
      if (!r) addMissing(figure, 'kB', TARGETS.js[page], 'lower', reason);
      else
        addRow({
          figure,
          value: r.js.lcpKnown ? r.js.beforeLcp.kB : r.js.all.kB,
          unit: 'kB',
          target: TARGETS.js[page],
          better: 'lower',
          note: r.js.lcpKnown
            ? `${r.js.beforeLcp.files} scripts asked for by the observed LCP; ${r.js.all.kB.toFixed(1)} kB in ${r.js.all.files} until the network was quiet`
            : `${r.js.all.files} scripts until the network was quiet (no observed LCP in the report)`,
          why: 'see the route list in the bundle section for the largest chunks',
        });
    }
    const perf = `Lighthouse ${page}: performance`;
    const a11y = `Lighthouse ${page}: accessibility`;
    if (!r) {
      addMissing(perf, '', TARGETS.performance, 'higher', reason);
      addMissing(a11y, '', TARGETS.accessibility, 'higher', reason);
      continue;
    }
    addRow({
      figure: perf,
      value: r.performance,
      unit: '',
      target: TARGETS.performance,
      better: 'higher',
      why: r.why,
    });
    addRow({
      figure: a11y,
      value: r.accessibility,
      unit: '',
      target: TARGETS.accessibility,
      better: 'higher',
      why: `failing audits: ${r.a11yWhy}`,
    });
  }
}

const started = Date.now();
try {
  if (PARTS.has('bundle') || PARTS.has('lighthouse') || PARTS.has('static')) {
    const buildCode = await buildWebIfNeeded();
    if (buildCode !== 0) note(`the web build failed (exit ${buildCode}); numbers below may be missing`);
  }
  // Every part but the bundle's starts servers from the server's build (decision 0051).
  const serverBuildCode = await buildIfNeeded('server');
  if (serverBuildCode !== 0)
    note(`the server build failed (exit ${serverBuildCode}); numbers below may be missing`);
  if (PARTS.has('bundle')) await bundlePart();

  let embedded = null;
  if (PARTS.has('api') || PARTS.has('lighthouse')) embedded = await startServer('PGlite');
  // Lighthouse first, on a quiet machine and a server fresh from its start: its scores are simulated from
  // the CPU time it observes, and after the load parts the server's heap, Postgres's autovacuum of the
  // completed orders and the leftovers of autocannon cost the pages several points.
  if (PARTS.has('lighthouse')) {
    if (embedded) await lighthousePart(embedded);
    else note('Lighthouse skipped: the server did not start');
  }
  const hotReadsSection = (database) =>
    section(
      `Hot reads vs the bare route on ${database} (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_SECONDS} s of each route)`,
    );
  if (PARTS.has('api')) {
    hotReadsSection('PGlite');
    if (embedded)
      await apiPart('PGlite', embedded).catch((err) => note(`PGlite: load test failed: ${err.message}`));
  }
  // The embedded server's parts are done. Stopped now, so that its heap and timers take nothing from the parts
  // measured after it (the static ratios, the Postgres reads and the completions at a fixed rate).
  await embedded?.stop();
  if (PARTS.has('static')) await staticPart();
  if (PARTS.has('api')) {
    hotReadsSection('Postgres');
    const pg = await scratchPostgres('trailpass_bench');
    if (!pg) {
      for (const read of HOT_READS)
        addMissing(
          `Postgres: ${read.label} / bare`,
          'ratio',
          TARGETS.ratio.Postgres,
          'higher',
          'no Postgres',
        );
    }
    if (pg) {
      const server = await startServer('Postgres', { DATABASE_URL: pg.url });
      if (server) {
        await apiPart('Postgres', server).catch((err) => note(`Postgres: load test failed: ${err.message}`));
        await server.stop();
      }
      await pg.drop();
    }
  }
  if (PARTS.has('complete')) {
    section(
      `PUT /cart/{id}/complete arriving at ${COMPLETE_RATE}/s for ${COMPLETE_SECONDS} s, then rising steps of ${COMPLETE_LADDER_SECONDS} s (${HOLDERS} holders, open loop)`,
    );
    await completePart();
  }
  if (PARTS.has('console')) await consolePart();
  printTable();
} catch (err) {
  console.log(`\nbench stopped early: ${err?.stack ?? err}`);
}
console.log(
  `\nbench done in ${((Date.now() - started) / 1000).toFixed(0)} s (benchmarks report; they never fail)`,
);
process.exit(0);
