import type { Browser, BrowserContext } from '@playwright/test';
import { test as base, expect } from './support';

/**
 * Every journey runs with zero Content-Security-Policy violations (issue 10): each page of each context a
 * journey uses records the `securitypolicyviolation` events of its documents, and the journey fails at its
 * end if there was one, naming the directive and what was blocked. Journeys import `test` and `expect`
 * from here; one that launches a browser context itself (chromium.launchPersistentContext) calls
 * watchCspViolations on it and expectNoCspViolations at its end.
 */

export interface CspViolation {
  /** The page's URL, without its query (which holds the token). */
  page: string;
  directive: string;
  blockedURI: string;
  /** Where the offending code is, when the browser says. */
  source: string;
  /** The first characters of an inline script or style, when the browser says. */
  sample: string;
}

interface CspWatch {
  readonly violations: CspViolation[];
  /** The keys of the reports recorded, each once (a report may come by the binding and be read back). */
  readonly keys: Set<string>;
  checked: boolean;
}

type KeptReport = CspViolation & { key: string };

/** The binding the pages report to, and the array each document keeps its own reports in. */
const BINDING = '__trailpassCspViolation';
const KEPT = '__trailpassCspViolations';

/** Runs in every document before its own scripts (an init script): reports every violation event. */
function listenForViolations({ binding, kept }: { binding: string; kept: string }) {
  const own = window as unknown as Record<string, unknown>;
  const documentKey = `${Date.now()}-${Math.random()}`;
  const reports: KeptReport[] = [];
  own[kept] = reports;
  window.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report: KeptReport = {
        page: `${location.origin}${location.pathname}`,
        directive: event.effectiveDirective || event.violatedDirective,
        blockedURI: event.blockedURI,
        source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '',
        sample: event.sample,
        key: `${documentKey}-${reports.length}`,
      };
      reports.push(report);
      const send = own[binding];
      if (typeof send === 'function') send(report);
    },
    true,
  );
}

function record(watch: CspWatch, { key, ...violation }: KeptReport): void {
  if (watch.keys.has(key)) return;
  watch.keys.add(key);
  watch.violations.push(violation);
}

const watches = new WeakMap<BrowserContext, CspWatch>();

/**
 * Records the CSP violations of every page of `context`, open now or later, from their next document on
 * (call it before the first navigation). A context is watched once however often it is asked for.
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  if (watches.has(context)) return;
  const watch: CspWatch = { violations: [], keys: new Set(), checked: false };
  watches.set(context, watch);
  await context.exposeBinding(BINDING, (_source, report: KeptReport) => record(watch, report));
  await context.addInitScript(listenForViolations, { binding: BINDING, kept: KEPT });
}

/** The reports of the pages still open, in case a binding call had not arrived yet. */
async function collectKept(context: BrowserContext, watch: CspWatch): Promise<void> {
  for (const page of context.pages()) {
    const kept = await page
      .evaluate((name) => (window as unknown as Record<string, unknown>)[name], KEPT)
      .catch(() => undefined);
    if (Array.isArray(kept)) for (const report of kept as KeptReport[]) record(watch, report);
  }
}

export function describeViolations(violations: readonly CspViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.directive} blocked ${v.blockedURI || '(nothing named)'} on ${v.page}` +
        `${v.source ? ` at ${v.source}` : ''}${v.sample ? ` (sample: ${v.sample})` : ''}`,
    )
    .join('\n');
}

/** Fails with every violation recorded in `context` so far (call it before closing the context). */
export async function expectNoCspViolations(context: BrowserContext): Promise<void> {
  const watch = watches.get(context);
  if (!watch)
    throw new Error('This context is not watched for CSP violations: call watchCspViolations first.');
  await collectKept(context, watch);
  watch.checked = true;
  expect(watch.violations, `CSP violations:\n${describeViolations(watch.violations)}`).toEqual([]);
}

/** Makes every context `browser` creates during `run` watched, and returns them. */
async function watchingNewContexts(browser: Browser, run: () => Promise<void>): Promise<BrowserContext[]> {
  const created: BrowserContext[] = [];
  const newContext = browser.newContext;
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await newContext.apply(this, args);
    await watchCspViolations(context);
    created.push(context);
    return context;
  };
  try {
    await run();
  } finally {
    browser.newContext = newContext;
  }
  return created;
}

export const test = base.extend<{ cspOfEveryContext: undefined }>({
  // The context of `page`: its violations are checked before Playwright closes it.
  context: async ({ context }, use) => {
    await watchCspViolations(context);
    await use(context);
    await expectNoCspViolations(context);
  },
  // Contexts a journey makes itself (browser.newContext, browser.newPage), checked once it has ended.
  cspOfEveryContext: [
    async ({ browser }, use) => {
      const contexts = await watchingNewContexts(browser, () => use(undefined));
      for (const context of contexts) {
        if (!watches.get(context)?.checked) await expectNoCspViolations(context);
      }
    },
    { auto: true },
  ],
});

export { expect };
