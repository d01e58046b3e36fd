import type { RouteName } from '@trailpass/contract';
import { describeError } from './describe-error';
import { loadReporter as loadDefaultReporter } from './load-reporter';
import type { ErrorContext, ErrorReporter } from './reporter';
import { isIgnoredMessage, isSampled } from './rules';

/**
 * A page that fails in a loop would send a report on every turn even at 1 in 20: this many a page load at
 * most. The server rate-limits too; this spares the holder's data plan and battery.
 */
export const MAX_REPORTS_PER_PAGE = 10;

export interface ErrorReportingOptions {
  /** [0, 1), for the sampling; Math.random by default. */
  random?: () => number;
  /** The adapter, loaded on the first sampled error (load-reporter.ts by default). */
  loadReporter?: () => Promise<ErrorReporter>;
  /** The page's path and query now. */
  currentUrl?: () => string;
  /** The named route showing now, when the report does not say. */
  routeName?: () => RouteName | null;
}

/** The window, where uncaught errors and unhandled rejections are dispatched. */
export type ErrorEventTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface ErrorReporting {
  /** Applies the ignore and sampling rules, then sends through the adapter. Never throws. */
  report(error: unknown, context?: ErrorContext): Promise<void>;
  /** Reports the window's uncaught errors and unhandled rejections; returns the uninstall. */
  install(target: ErrorEventTarget): () => void;
}

function locationNow(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function createErrorReporting(options: ErrorReportingOptions = {}): ErrorReporting {
  const random = options.random ?? (() => Math.random());
  const load = options.loadReporter ?? loadDefaultReporter;
  const currentUrl = options.currentUrl ?? locationNow;
  const routeName = options.routeName ?? (() => null);
  // One error can reach both the route boundary and a window listener, or a boundary twice (StrictMode).
  const seen = new WeakSet<object>();
  let reports = 0;
  let reporter: Promise<ErrorReporter> | null = null;

  async function report(error: unknown, context: ErrorContext = {}): Promise<void> {
    try {
      if (typeof error === 'object' && error !== null) {
        if (seen.has(error)) return;
        seen.add(error);
      }
      const details = describeError(error);
      if (isIgnoredMessage(details.message)) return;
      if (!isSampled(random())) return;
      if (reports >= MAX_REPORTS_PER_PAGE) return;
      reports += 1;
      // The adapter's chunk is fetched once; if that fails (offline) the next sampled error tries again.
      reporter ??= load();
      let adapter: ErrorReporter;
      try {
        adapter = await reporter;
      } catch {
        reporter = null;
        return;
      }
      await adapter.report(details, {
        url: context.url ?? currentUrl(),
        routeName: context.routeName === undefined ? routeName() : context.routeName,
      });
    } catch {
      // Reporting must never become an error of its own.
    }
  }

  function install(target: ErrorEventTarget): () => void {
    const onError = (event: Event) => void report(event);
    const onRejection = (event: Event) => void report('reason' in event ? event.reason : event);
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  }

  return { report, install };
}
