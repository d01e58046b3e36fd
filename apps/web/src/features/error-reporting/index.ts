import type { RouteName } from '@trailpass/contract';
import { createErrorReporting } from './error-reporting';
import type { ErrorContext } from './reporter';

/**
 * Error reporting (spec 8, 9): 1 error in 20, never the ResizeObserver notice, token redacted, sent to
 * the server. Only the rules and the listeners are in the initial JS; the adapter loads on the first
 * sampled error.
 */
let currentRouteName: () => RouteName | null = () => null;
const reporting = createErrorReporting({ routeName: () => currentRouteName() });

/** Reports an error (sampled); never throws. */
export function reportError(error: unknown, context?: ErrorContext): void {
  void reporting.report(error, context);
}

/** Installs the window's `error` and `unhandledrejection` listeners (once, from main.tsx). */
export function installErrorReporting(options: { routeName?: () => RouteName | null } = {}): () => void {
  if (options.routeName) currentRouteName = options.routeName;
  return reporting.install(window);
}
