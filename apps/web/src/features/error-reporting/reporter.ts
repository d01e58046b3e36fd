import type { RouteName } from '@trailpass/contract';

/** What an error report says besides the error itself. */
export interface ErrorContext {
  /** The page's path and query where it happened; the current location by default. */
  url?: string;
  /** The named route showing then (spec 2.1), when known. */
  routeName?: RouteName | null;
}

/** An error as reported: plain strings, already checked against the ignore and sampling rules. */
export interface ErrorDetails {
  name?: string;
  message: string;
  stack?: string | null;
}

/**
 * The one interface every error-reporting adapter implements. The app ships one, the server adapter
 * (server-reporter.ts), used when no third-party service is configured, which is always today. A
 * third-party adapter would be a file of its own implementing this interface (report → the vendor SDK's
 * capture call, with the details as given: sampled, filtered and redacted already), chosen in
 * load-reporter.ts behind its configuration (a build-time `import.meta.env` setting such as its DSN) and
 * imported lazily there like the server one, so no vendor SDK reaches the initial JS.
 *
 * report never throws and resolves when the report was sent or dropped: a failed send is not retried.
 */
export interface ErrorReporter {
  report(error: ErrorDetails, context: Required<Pick<ErrorContext, 'url'>> & ErrorContext): Promise<void>;
}
