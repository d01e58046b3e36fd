// `npm test`: every check in one run, ending with the line `N passed, N failed, N skipped`.
//   1. typecheck  2. lint  3. vitest, all projects, on PGlite
//   4. the apps/server project again on Postgres (TEST_DATABASE_URL, or 127.0.0.1:5432 when it answers)
//   5. the crash test (scripts/crash-test.mjs: SIGKILL under load, restart, SQL checks), on that Postgres
//      or else PGlite
// and beside those, from the start (decision 0053): the web and console builds, the server's bundle
// (decision 0051), then the Playwright journeys in Debian's Chromium headless shell (their output is printed
// in one block per step when it ends)
// Ends with a table of the steps and their times. Exits non-zero when anything failed. Chromium and its
// headless shell are installed with apt-get when missing and running as root. `npm run test:quick` is the inner loop (scripts/test-quick.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHROMIUM,
  CHROMIUM_PACKAGES,
  DEFAULT_TEST_DATABASE_URL,
  DEFAULT_TEST_REDIS_URL,
  JOURNEY_CHROMIUM,
  portAnswers,
  postgresAddress,
  ROOT,
  requireSupportedNode,
} from './lib.mjs';
import { createSteps, embeddedDatabaseEnv } from './test-steps.mjs';

function say(line) {
  console.log(`\n[test] ${line}`);
}

/**
 * Makes sure Debian's Chromium and its headless shell (the journeys') are there; installs them as root, else
 * explains and exits.
 */
function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(JOURNEY_CHROMIUM)) return;
  const packages = CHROMIUM_PACKAGES.join(' ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing (${CHROMIUM}, ${JOURNEY_CHROMIUM}): install it with \`sudo apt-get update && sudo apt-get install -y ${packages}\` (Debian), then run npm test again.`,
    );
    process.exit(1);
  }
  say(`Chromium is missing: installing Debian's ${packages} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...CHROMIUM_PACKAGES], {
      stdio: 'inherit',
      env,
    }).status === 0;
  if (!ok || !existsSync(CHROMIUM) || !existsSync(JOURNEY_CHROMIUM)) {
    console.error(
      `Installing chromium failed: run \`apt-get update && apt-get install -y ${packages}\` by hand.`,
    );
    process.exit(1);
  }
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

requireSupportedNode('npm test');
if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('node_modules is missing: run `npm ci` first.');
  process.exit(1);
}
ensureChromium();
const steps = createSteps('test');

// Embedded-database runs must not pick up a Postgres from the caller's environment.
const pgliteEnv = embeddedDatabaseEnv();
const redis = await redisUrl();
if (redis) pgliteEnv.TEST_REDIS_URL = redis;

// Two lanes side by side (decision 0053): one step at a time left a core idle whenever a step waited (a
// journey on its page, vitest collecting files, a build on one core). Both lanes are CPU-bound; a third
// (the Postgres pass beside the PGlite pass) only added contention. The journeys' lane prints each step's
// output in one block when the step ends.
const built = (async () => {
  // Both front ends the journeys open (the holder's PWA and the partner console, issue 30), and the server's
  // bundle (decision 0051) that the journeys' and the crash test's servers run.
  const frontEnds = await steps.plain(
    'build (web, console)',
    'npm',
    ['run', 'build', '--workspace', 'apps/web', '--workspace', 'apps/console'],
    { buffered: true },
  );
  const server = await steps.plain('build (server)', 'npm', ['run', 'bundle', '--workspace', 'apps/server'], {
    buffered: true,
  });
  return { frontEnds, server };
})();
const pgUrl = await postgresUrl();
const journeys = built.then(async ({ frontEnds, server }) => {
  if (frontEnds && server) await steps.playwright('playwright', [], pgliteEnv, { buffered: true });
  else steps.record('playwright', { failed: 1 }, 'not run: a build failed', Date.now());
  // About half a minute: the server killed under load a few times, on Postgres when one answers, else
  // PGlite. It runs the server's bundle; in this lane it overlaps the other lane's last steps instead of
  // adding to the run after them (the journeys end first).
  if (server) {
    await steps.check('crash test', process.execPath, ['scripts/crash-test.mjs'], {
      buffered: true,
      env: pgUrl
        ? { ...pgliteEnv, TEST_DATABASE_URL: pgUrl, CRASH_DATABASE: 'postgres' }
        : { ...pgliteEnv, CRASH_DATABASE: 'pglite' },
    });
  } else {
    steps.record('crash test', { failed: 1 }, 'not run: the server bundle failed', Date.now());
  }
});

await steps.plain('typecheck', 'npm', ['run', 'typecheck']);
await steps.plain('lint', 'npm', ['run', 'lint']);
await steps.vitest('vitest (PGlite)', [], pgliteEnv);

if (pgUrl) {
  await steps.vitest('vitest apps/server (Postgres)', ['--project', 'server'], {
    ...pgliteEnv,
    TEST_DATABASE_URL: pgUrl,
  });
} else {
  steps.note('vitest apps/server (Postgres)', 'skipped: no Postgres answers');
}

await journeys;

steps.finish();
