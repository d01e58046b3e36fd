import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { foldReportDays } from './repository';

/** How often the server folds every offer's report day changes (migration 0022). */
export const REPORT_FOLD_INTERVAL_MS = 60_000;

/**
 * Folds the report days of every offer while the app is up (decision 0045, "On real volumes"): the
 * triggers on page_views and points_ledger append a change per statement, and a report folds its own offer's
 * before reading; this keeps the changes of offers that nobody reports on from piling up (a page view each,
 * otherwise). One fold at a time; stopped, its fold finished, when the app closes. A failed fold is logged
 * and the next one takes its changes: they stay until one succeeds.
 */
export function runReportFold(app: FastifyInstance, db: AppDb, intervalMs = REPORT_FOLD_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let fold: Promise<void> = Promise.resolve();
  const next = () => {
    if (closed) return;
    fold = fold
      .then(() => foldReportDays(db, null))
      .catch((error: unknown) => app.log.error({ err: error }, 'folding the report days failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(next, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await fold;
  });
}
