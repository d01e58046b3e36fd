// The steps of `npm test` and `npm run test:quick`: each runs one command, counts its tests from the
// runner's JSON report, and is timed; finish() prints them as one table and ends with the closing line
// `N passed, N failed, N skipped`, exiting non-zero when anything failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const OUT = join(ROOT, '.tmp/test-results');

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(0)} s`;
}

/** A failed run that failed no test (a file that does not load, a crash) still counts once. */
function withExit(counts, code) {
  if (code !== 0 && counts.failed === 0) return { ...counts, failed: 1 };
  return counts;
}

/** The environment for a run on the embedded database: no Postgres from the caller's environment. */
export function embeddedDatabaseEnv() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  delete env.DATABASE_URL;
  return env;
}

export function createSteps(runName) {
  const started = Date.now();
  const results = []; // { step, passed, failed, skipped, note, startedAt, ms }
  mkdirSync(OUT, { recursive: true });

  function say(line) {
    console.log(`\n[test] ${line}`);
  }

  function record(step, counts, note, t0) {
    results.push({
      step,
      passed: 0,
      failed: 0,
      skipped: 0,
      ...counts,
      note,
      startedAt: t0,
      ms: Date.now() - t0,
    });
  }

  /** A step that is not run, with why (no Postgres, nothing changed). */
  function note(step, why) {
    say(`${step}: ${why}`);
    record(step, {}, why, Date.now());
  }

  /** A plain command (typecheck, lint, build): one failure when it fails, nothing counted when it passes. */
  async function plain(step, cmd, args, options) {
    say(`${step}: ${cmd} ${args.join(' ')}`);
    const t0 = Date.now();
    const code = await run(cmd, args, options);
    record(step, { failed: code === 0 ? 0 : 1 }, code === 0 ? 'ok' : `exit ${code}`, t0);
    return code === 0;
  }

  /**
   * A script that is one check of its own (1 passed or 1 failed), run beside other steps: its output is kept
   * and printed in one block when it ends, so the two never interleave. Await the promise to record it.
   */
  function beside(step, cmd, args, options) {
    say(`${step} (beside the next steps, its output follows when it ends): ${cmd} ${args.join(' ')}`);
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
        resolveStep(code === 0);
      };
      child.on('error', (err) => {
        chunks.push(Buffer.from(`could not run ${cmd}: ${err.message}\n`));
        finish(127);
      });
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
    });
  }

  /** A vitest run; the counts come from its JSON report. */
  async function vitest(step, extraArgs, env) {
    const report = join(OUT, `${runName}-${step.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
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
    record(step, withExit(counts, code), code === 0 ? 'ok' : `exit ${code}`, t0);
    return code === 0;
  }

  /** Playwright journeys (all, or the spec files given); the counts come from its JSON report. */
  async function playwright(step, specFiles, env) {
    const report = join(OUT, `${runName}-playwright.json`);
    rmSync(report, { force: true });
    const args = ['playwright', 'test', ...specFiles];
    say(`${step}: npx ${args.join(' ')}`);
    const t0 = Date.now();
    const code = await run('npx', args, { env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report } });
    const stats = readJson(report)?.stats;
    const counts = stats
      ? {
          passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
          failed: stats.unexpected ?? 0,
          skipped: stats.skipped ?? 0,
        }
      : { failed: 1 };
    record(step, withExit(counts, code), code === 0 ? 'ok' : `exit ${code}`, t0);
    return code === 0;
  }

  /** Prints the table of steps (started at, took, counts) and the closing line; exits. */
  function finish() {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    const rows = [['step', 'start', 'time', 'passed', 'failed', 'skipped', 'note']];
    for (const r of [...results].sort((a, b) => a.startedAt - b.startedAt)) {
      totals.passed += r.passed;
      totals.failed += r.failed;
      totals.skipped += r.skipped;
      rows.push([
        r.step,
        `+${seconds(r.startedAt - started)}`,
        seconds(r.ms),
        String(r.passed),
        String(r.failed),
        String(r.skipped),
        r.note,
      ]);
    }
    const total = Date.now() - started;
    rows.push([
      'total',
      '',
      seconds(total),
      String(totals.passed),
      String(totals.failed),
      String(totals.skipped),
      '',
    ]);
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    const numeric = new Set([1, 2, 3, 4, 5]);
    const line = (row) =>
      row
        .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd();
    console.log(`\n[test] summary (steps that overlap ran beside each other; start is from the run's start)`);
    rows.forEach((row, i) => {
      console.log(`  ${line(row)}`);
      if (i === 0 || i === rows.length - 2) console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    });
    console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.exit(totals.failed > 0 ? 1 : 0);
  }

  return { say, note, plain, beside, vitest, playwright, finish, record };
}
