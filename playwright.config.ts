import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** `preferred` when it is free on 127.0.0.1, else any free port (so two runs side by side do not clash). */
function freePortSync(preferred: number): number {
  const probe = `const s=require('net').createServer();s.once('error',()=>{s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})});s.listen(${preferred},'127.0.0.1',()=>{console.log(s.address().port);s.close()})`;
  const out = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).stdout.trim();
  return Number(out) || preferred;
}

// Journeys in Debian's Chromium headless shell (browser downloads do not work here; decision 0051) with iPhone 13 emulation,
// against `npm start` on a fresh temporary database (scripts/e2e-server.mjs).
// A free port, chosen once by the main process; workers inherit E2E_PORT from it.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePortSync(4780));
const port = Number(process.env.E2E_PORT);
// The demo database every server of the run starts from (migrated and imported once, by the main server's
// script, then copied): chosen once too, so the workers' own servers find it.
// Named after this run's main process too: two runs that both found the preferred port free (it is taken
// only once the server listens) must not make their databases in one folder.
if (!process.env.E2E_TEMPLATE_DIR)
  process.env.E2E_TEMPLATE_DIR = join(tmpdir(), `trailpass-e2e-template-${port}-${process.pid}`);
const baseURL = `http://127.0.0.1:${port}`;

/** JOURNEY_CHROMIUM of scripts/lib.mjs, which npm test and .ci/run install. */
const JOURNEY_CHROMIUM = '/usr/bin/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const IPHONE = {
  ...devices['iPhone 13'],
  // The iPhone's viewport, touch and user agent, painted at 1 device pixel per CSS pixel instead of 3: with
  // no GPU, Chromium rasterises every pixel in software, and nine times the pixels cost about a tenth of the
  // journeys' time (experiences and more: 103 s against 94 s). Nothing the journeys check depends on it.
  deviceScaleFactor: 1,
  browserName: 'chromium' as const,
  launchOptions: { executablePath: JOURNEY_CHROMIUM, args: CHROMIUM_ARGS },
};
export default defineConfig({
  testDir: './e2e',
  outputDir: './.tmp/playwright-output',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A journey takes 2 to 3 times as long on a loaded CI machine as on a quiet one (the Sam shipping journey:
  // 11 s here, 33 s in a CI run that failed it at a 30 s budget), so each gets a minute; the longest
  // offline journeys set more themselves.
  timeout: 60_000,
  // The run as a whole: 7.5 min on a quiet machine, 14.5 min (867 s) on the slow machine of 2026-11-28 and
  // more than 19 min (85 journeys) on the third session's machine that day; CI's own limit of 30 min for
  // everything is the one that counts, so this only catches a run that hangs.
  globalTimeout: 22 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? '.tmp/test-results/playwright.json' }],
  ],
  use: {
    baseURL,
    // A failed journey keeps its trace with the page's DOM at every step, without the screencast: the
    // screencast's frames were a fifth of the journeys' CPU (decision 0053; 183 CPU-s for 22 journeys with
    // it, 145 without, 131 with no trace at all). The failure screenshot below still shows the last frame.
    // In CI no trace is recorded: only the run's printed output comes back from CI, never its files, so a
    // trace there is a tenth to a seventh of the journeys' CPU spent on nothing (decision 0053). A journey
    // that fails in CI is run again here, where it keeps one.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  // One main server and database for the run. Journeys that change what others read (spending points,
  // holding stock, confirming pickups) run on servers of their own (e2e/own-server.ts), so every journey
  // can count on the demo as imported and all of them share the workers in one project.
  projects: [{ name: 'iphone-chromium', use: IPHONE }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/pass/login`,
    env: { E2E_PORT: String(port), E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
