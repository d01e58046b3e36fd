import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { runPeriodically } from '../periodic';
import { foldReportDays } from './repository';

/** How often the server folds every offer's report day changes (migration 0022). */
export const REPORT_FOLD_INTERVAL_MS = 60_000;

/**
 * Folds the report days of every offer while the app is up (decision 0045, "On real volumes"): the
 * triggers on page_views and points_ledger append a change per statement, and a report folds its own offer's
 * before reading; this keeps the changes of offers that nobody reports on from piling up (a row per page view,
 * otherwise). A failed fold is logged, and its changes wait for the next one.
 */
export function runReportFold(app: FastifyInstance, db: AppDb, intervalMs = REPORT_FOLD_INTERVAL_MS): void {
  runPeriodically(app, 'folding the report days', intervalMs, () => foldReportDays(db, null));
}
