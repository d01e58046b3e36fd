import type { ErrorReporter } from './reporter';

/**
 * The adapter in use, loaded on the first sampled error so that none of it is in the initial JS. No
 * third-party service is configured, so it is the server's; a vendor adapter would be chosen here by its
 * configuration and imported the same way (see reporter.ts).
 */
export async function loadReporter(): Promise<ErrorReporter> {
  const { serverReporter } = await import('./server-reporter');
  return serverReporter;
}
