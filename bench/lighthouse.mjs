// Lighthouse 12 mobile (simulated throttling) in Debian's Chromium, each page several times; the run
// with the median performance score is the one reported. From that run also: the JavaScript the page
// itself loaded (gzip -9 of the built files, so it compares with the bundle figures) and, for a score
// under its target, the metrics and audits that cost it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, ROOT, run, WEB_DIST } from '../scripts/lib.mjs';
import { mainThreadTime } from './main-thread.mjs';
import { note } from './server.mjs';

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

/** Why Lighthouse cannot run here, or null. */
export function lighthouseMissing() {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install -y chromium)`;
  if (!existsSync(join(ROOT, 'node_modules/lighthouse/cli/index.js')))
    return 'the lighthouse package is missing';
  return null;
}

async function lighthouseOnce(url, out) {
  const code = await run(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      `--chrome-path=${CHROMIUM}`,
      `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${out}`,
      '--max-wait-for-load=30000',
      // Keeps the trace beside the report (<out>-0.trace.json) for mainThreadTime.
      '--save-assets',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (code !== 0 || report.categories?.performance?.score == null) return null;
    report.mainThread = mainThreadTime(out.replace(/\.json$/, '-0.trace.json'), new URL(url).origin);
    return report;
  } catch {
    return null;
  }
}

const gzipOf = new Map();
/**
 * gzip -9 kB of the scripts the page (not its service worker) asked for from the app's own assets: all of
 * them until the network was quiet, and those asked for by the time the main content was painted (the
 * observed LCP). The second is the figure for "JavaScript before the page is interactive": what a page
 * asks for after its main content (code of modules further down, idle-time work) does not hold it up.
 */
function pageScriptBytes(report, base) {
  const items = report.audits?.['network-requests']?.details?.items ?? [];
  const lcp = report.audits?.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const all = { kB: 0, files: 0 };
  const beforeLcp = { kB: 0, files: 0 };
  for (const item of items) {
    if (item.resourceType !== 'Script' || (item.sessionTargetType && item.sessionTargetType !== 'page'))
      continue;
    if (!item.url.startsWith(`${base}/pass/`)) continue;
    const file = join(WEB_DIST, new URL(item.url).pathname.replace(/^\/pass\//, ''));
    if (!existsSync(file)) continue;
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
    const kB = gzipOf.get(file) / 1024;
    all.kB += kB;
    all.files += 1;
    if (lcp === undefined || (item.rendererStartTime ?? 0) <= lcp) {
      beforeLcp.kB += kB;
      beforeLcp.files += 1;
    }
  }
  return { all, beforeLcp, lcpKnown: lcp !== undefined };
}

/** The metrics under 0.9 and the heaviest script, as a short "why" for a missed performance target. */
function performanceWhy(report) {
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  const weak = metrics
    .map((id) => report.audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.title} ${audit.displayValue} (score ${audit.score.toFixed(2)})`);
  const boot = report.audits['bootup-time']?.details?.items?.[0];
  if (boot) weak.push(`most script CPU: ${boot.url.split('/').pop()} ${Math.round(boot.total)} ms`);
  // Simulated throttling multiplies the time it observed by 4, so a slower host scores lower for the same
  // page; Lighthouse's own warning says so when the host looks underpowered. And that time is wall time: a
  // thread that waited for a core counts as the page's work (main-thread.mjs).
  weak.push(`host benchmarkIndex ${hostSpeed(report)}`);
  if (report.mainThread)
    weak.push(
      `the page's main thread ran on a core for ${Math.round((report.mainThread.cpuMs / report.mainThread.wallMs) * 100)} % ` +
        `of its tasks' wall time (${mainThreadFigures(report)}); the rest was waiting, which Lighthouse counts as the page's work`,
    );
  return weak.join('; ');
}

const mainThreadFigures = (report) =>
  report.mainThread
    ? `CPU ${Math.round(report.mainThread.cpuMs)} of ${Math.round(report.mainThread.wallMs)} ms`
    : 'n/a';

/** Lighthouse's measure of the host's CPU (higher is faster), with its slow-host warning when it gave one. */
function hostSpeed(report) {
  const index = Math.round(report.environment?.benchmarkIndex ?? 0);
  const slow = (report.runWarnings ?? []).find((warning) => /slower CPU|underpowered/i.test(warning));
  return slow ? `${index} (Lighthouse: "${slow}")` : String(index);
}

function accessibilityWhy(report) {
  const failing = Object.values(report.audits).filter(
    (audit) =>
      audit.score === 0 &&
      report.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
  );
  return failing.map((audit) => audit.id).join(', ') || 'n/a';
}

/**
 * Runs Lighthouse `runs` times per page. Returns { [name]: { performance, accessibility, why, a11yWhy, js } }
 * for the pages that ran.
 */
export async function lighthousePages(base, pages, runs) {
  const outDir = mkdtempSync(join(tmpdir(), 'trailpass-lighthouse-'));
  const results = {};
  try {
    for (const [name, path] of pages) {
      const reports = [];
      // A run that fails (Lighthouse's NO_NAVSTART, now and then in headless Chromium) is run again, up to as
      // many extra times as runs were asked for.
      for (let attempt = 0; reports.length < runs && attempt < runs * 2; attempt += 1) {
        const report = await lighthouseOnce(base + path, join(outDir, `${name}-${attempt}.json`));
        if (report) reports.push(report);
      }
      if (reports.length === 0) {
        note(`${name.padEnd(12)} lighthouse did not run here`);
        continue;
      }
      reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const median = reports[Math.floor(reports.length / 2)];
      const score = (report, id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const metric = (id) => median.audits[id]?.displayValue ?? 'n/a';
      const finalPath = new URL(median.finalDisplayedUrl ?? base).pathname;
      const js = pageScriptBytes(median, base);
      note(
        `${name.padEnd(12)} performance ${reports.map((r) => score(r, 'performance')).join('/')}  ` +
          `accessibility ${score(median, 'accessibility')}  best-practices ${score(median, 'best-practices')}  ` +
          `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  ` +
          `TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}  ` +
          `JS ${js.beforeLcp.kB.toFixed(1)} kB by LCP (${js.beforeLcp.files} files), ${js.all.kB.toFixed(1)} kB in all  (${finalPath})  ` +
          `host benchmarkIndex ${hostSpeed(median)}  main thread ${mainThreadFigures(median)}`,
      );
      if (median.runtimeError?.message)
        note(`${''.padEnd(12)} runtime error: ${median.runtimeError.message}`);
      results[name] = {
        performance: score(median, 'performance'),
        accessibility: Math.min(...reports.map((r) => score(r, 'accessibility'))),
        why: performanceWhy(median),
        a11yWhy: accessibilityWhy(median),
        js,
        runs: reports.length,
      };
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}
