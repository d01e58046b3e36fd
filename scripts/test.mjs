// `npm test`: every check in one run, ending with the line `N passed, N failed, N skipped`.
//   1. typecheck  2. lint  3. vitest, all projects, on PGlite
//   4. the apps/server project again on Postgres (TEST_DATABASE_URL, or 127.0.0.1:5432 when it answers)
//   5. the crash test (scripts/crash-test.mjs: SIGKILL under load, restart, SQL checks), on that Postgres
//      or else PGlite, while  6. the web build runs beside it (its output is printed when it ends)
//   7. Playwright journeys in Debian's Chromium
// Exits non-zero when anything failed. Chromium is installed with apt-get when missing and running as root.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHROMIUM,
  DEFAULT_TEST_DATABASE_URL,
  DEFAULT_TEST_REDIS_URL,
  portAnswers,
  postgresAddress,
  ROOT,
  run,
} from './lib.mjs';

const OUT = join(ROOT, '.tmp/test-results');
const started = Date.now();
const results = []; // { step, passed, failed, skipped, note, seconds }
const totals = { passed: 0, failed: 0, skipped: 0 };

function say(line) {
  console.log(`\n[test] ${line}`);
}

function record(step, counts, note, t0) {
  const entry = {
    step,
    passed: 0,
    failed: 0,
    skipped: 0,
    note,
    seconds: (Date.now() - t0) / 1000,
    ...counts,
  };
  results.push(entry);
  totals.passed += entry.passed;
  totals.failed += entry.failed;
  totals.skipped += entry.skipped;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Makes sure Debian's Chromium is there; installs it as root, else explains and exits. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: install it with \`sudo apt-get update && sudo apt-get install -y chromium\` (Debian), then run npm test again.`,
    );
    process.exit(1);
  }
  say(`${CHROMIUM} is missing: installing Debian's chromium package with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env })
      .status === 0;
  if (!ok || !existsSync(CHROMIUM)) {
    console.error(
      `Installing chromium failed: run \`apt-get update && apt-get install -y chromium\` by hand.`,
    );
    process.exit(1);
  }
}

/** A plain step (typecheck, lint, build): counts one failure when it fails, nothing when it passes. */
async function plainStep(step, cmd, args, options) {
  say(`${step}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const code = await run(cmd, args, options);
  record(step, { failed: code === 0 ? 0 : 1 }, code === 0 ? 'ok' : `exit ${code}`, t0);
  return code === 0;
}

/**
 * A script that is one check of its own (1 passed or 1 failed), run beside the next step: its output is
 * kept and printed in one block when it ends, so the two never interleave. Await the promise to record it.
 */
function checkStepBeside(step, cmd, args, options) {
  say(`${step} (beside the next step, its output follows when it ends): ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  return new Promise((resolveStep) => {
    const chunks = [];
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let finished = false;
    const finish = (code) => {
      if (finished) return; // 'error' may be followed by 'close'
      finished = true;
      say(`${step}: its output`);
      process.stdout.write(Buffer.concat(chunks));
      record(step, code === 0 ? { passed: 1 } : { failed: 1 }, code === 0 ? 'ok' : `exit ${code}`, t0);
      resolveStep();
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`could not run ${cmd}: ${err.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** A vitest run with the JSON reporter; the counts come from its report. */
async function vitestStep(step, extraArgs, env) {
  const report = join(OUT, `${step.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
  rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  say(`${step}: npx ${[...args, ...extraArgs].join(' ')}`);
  const t0 = Date.now();
  const code = await run('npx', [...args, ...extraArgs], { env });
  const json = readJson(report);
  const counts = json
    ? {
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      }
    : { failed: 1 };
  // A run that failed without a failing test (a file that does not load, a crash) still counts once.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  record(step, counts, code === 0 ? 'ok' : `exit ${code}`, t0);
}

/** The Postgres URL for the second server pass, or null (with the reason printed). */
async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) {
    say(`Postgres pass: using TEST_DATABASE_URL from the environment`);
    return process.env.TEST_DATABASE_URL;
  }
  const { host, port } = postgresAddress(DEFAULT_TEST_DATABASE_URL);
  if (await portAnswers(host, port)) {
    say(`Postgres answers on ${host}:${port}: the server tests run again on ${DEFAULT_TEST_DATABASE_URL}`);
    return DEFAULT_TEST_DATABASE_URL;
  }
  say(`Postgres pass skipped: none answers on ${host}:${port} and TEST_DATABASE_URL is not set`);
  return null;
}

/**
 * The Redis URL for the shared rate-limit test, or null (with the reason printed). Database 15, so the
 * test's FLUSHDB never touches data another program keeps in the default database.
 */
async function redisUrl() {
  if (process.env.TEST_REDIS_URL) {
    say('Redis rate-limit test: using TEST_REDIS_URL from the environment');
    return process.env.TEST_REDIS_URL;
  }
  if (await portAnswers('127.0.0.1', 6379)) {
    say(`Redis answers on 127.0.0.1:6379: the shared rate-limit test runs on ${DEFAULT_TEST_REDIS_URL}`);
    return DEFAULT_TEST_REDIS_URL;
  }
  say('Redis rate-limit test skipped: none answers on 127.0.0.1:6379 and TEST_REDIS_URL is not set');
  return null;
}

if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('node_modules is missing: run `npm ci` first.');
  process.exit(1);
}
ensureChromium();
mkdirSync(OUT, { recursive: true });

// Embedded-database runs must not pick up a Postgres from the caller's environment.
const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
delete pgliteEnv.DATABASE_URL;
const redis = await redisUrl();
if (redis) pgliteEnv.TEST_REDIS_URL = redis;

await plainStep('typecheck', 'npm', ['run', 'typecheck']);
await plainStep('lint', 'npm', ['run', 'lint']);
await vitestStep('vitest (PGlite)', [], pgliteEnv);

const pgUrl = await postgresUrl();
if (pgUrl) {
  await vitestStep('vitest apps/server (Postgres)', ['--project', '*server*'], {
    ...pgliteEnv,
    TEST_DATABASE_URL: pgUrl,
  });
} else {
  record('vitest apps/server (Postgres)', {}, 'skipped: no Postgres answers', Date.now());
}

// About half a minute: the server killed under load a few times, on the Postgres of the pass above, else
// PGlite. Mostly waiting on restarts and clients, so the web build (which it does not use) runs beside it.
const crashed = checkStepBeside('crash test', process.execPath, ['scripts/crash-test.mjs'], {
  env: pgUrl
    ? { ...pgliteEnv, TEST_DATABASE_URL: pgUrl, CRASH_DATABASE: 'postgres' }
    : { ...pgliteEnv, CRASH_DATABASE: 'pglite' },
});
const built = await plainStep('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
await crashed;
if (built) {
  const report = join(OUT, 'playwright.json');
  rmSync(report, { force: true });
  say('Playwright journeys: npx playwright test');
  const t0 = Date.now();
  const code = await run('npx', ['playwright', 'test'], {
    env: { ...pgliteEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
  });
  const stats = readJson(report)?.stats;
  const counts = stats
    ? {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
      }
    : { failed: 1 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  record('playwright', counts, code === 0 ? 'ok' : `exit ${code}`, t0);
} else {
  record('playwright', { failed: 1 }, 'not run: the web build failed', Date.now());
}

console.log('\n[test] summary');
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
  console.log(`  ${r.step.padEnd(32)} ${counts.padEnd(34)} ${r.note} (${r.seconds.toFixed(0)} s)`);
}
console.log(`  total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
