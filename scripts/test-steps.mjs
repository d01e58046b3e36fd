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

  /**
   * Runs one step's command. Its output goes straight through, or, with `buffered` (a step of the lane that
   * runs beside the main one, see scripts/test.mjs), is kept and printed in one block when it ends, so two
   * lanes' lines never interleave. Resolves to the exit code.
   */
  function execute(step, cmd, args, { buffered = false, ...options } = {}) {
    if (!buffered) return run(cmd, args, options);
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
        resolveStep(code);
      };
      child.on('error', (err) => {
        chunks.push(Buffer.from(`could not run ${cmd}: ${err.message}\n`));
        finish(127);
      });
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
    });
  }

  function announce(step, command, buffered) {
    say(`${step}${buffered ? ' (beside the other lane; its output follows when it ends)' : ''}: ${command}`);
  }

  /** A plain command (typecheck, lint, build): one failure when it fails, nothing counted when it passes. */
  async function plain(step, cmd, args, options = {}) {
    announce(step, `${cmd} ${args.join(' ')}`, options.buffered);
    const t0 = Date.now();
    const code = await execute(step, cmd, args, options);
    record(step, { failed: code === 0 ? 0 : 1 }, code === 0 ? 'ok' : `exit ${code}`, t0);
    return code === 0;
  }

  /** A script that is one check of its own (the crash test): 1 passed or 1 failed. */
  async function check(step, cmd, args, options = {}) {
    announce(step, `${cmd} ${args.join(' ')}`, options.buffered);
    const t0 = Date.now();
    const code = await execute(step, cmd, args, options);
    record(step, code === 0 ? { passed: 1 } : { failed: 1 }, code === 0 ? 'ok' : `exit ${code}`, t0);
    return code === 0;
  }

  /** A vitest run; the counts come from its JSON report. */
  async function vitest(step, extraArgs, env, { buffered = false } = {}) {
    const report = join(OUT, `${runName}-${step.replace(/\W+/g, '-').replace(/-$/, '')}.json`);
    rmSync(report, { force: true });
    const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    announce(step, `npx ${[...args, ...extraArgs].join(' ')}`, buffered);
    const t0 = Date.now();
    const code = await execute(step, 'npx', [...args, ...extraArgs], { env, buffered });
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
  async function playwright(step, specFiles, env, { buffered = false } = {}) {
    const report = join(OUT, `${runName}-playwright.json`);
    rmSync(report, { force: true });
    const args = ['playwright', 'test', ...specFiles];
    announce(step, `npx ${args.join(' ')}`, buffered);
    const t0 = Date.now();
    const code = await execute(step, 'npx', args, {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
      buffered,
    });
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

  return { say, note, plain, check, vitest, playwright, finish, record };
}
