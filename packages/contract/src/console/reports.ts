import { z } from 'zod';
import { idParam } from '../common';

/**
 * Issue 31 item 4: an offer's reports, in its partner's time zone, for a range of calendar days. Each report
 * is one table: JSON for the console's table and chart, or the same rows as a CSV download. Paths from the
 * site root, in Fastify's `:param` form (as consolePaths).
 */
export const reportPaths = {
  report: '/console/api/offers/:offerId/reports/:report',
  csv: '/console/api/offers/:offerId/reports/:report/csv',
} as const;

export const REPORT_NAMES = [
  'active-holders',
  'page-views',
  'check-ins',
  'points',
  'rewards',
  'orders',
] as const;
export const reportName = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof reportName>;

export type ReportColumnKind = 'day' | 'text' | 'number';
export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
}

/**
 * Each report's columns, in order: the JSON rows' keys and the CSV's header. `day` columns are calendar days
 * (YYYY-MM-DD) in the partner's time zone. What they count:
 * - active-holders: holders with a page view on the offer in the 7 and the 30 days up to the range's end (or
 *   now, if sooner), whatever its start; previews are not holders.
 * - page-views: page views by day and page (the app's route name), previews left out.
 * - check-ins: check-ins by day and venue.
 * - points: points earned (credits) and spent (debits: claims, corrections, booked expiries) by day, and
 *   expiring: the points still unspent, first-in first-out as the holder's app counts them, on credits that
 *   expire that day.
 * - rewards: each reward of the offer with the items claimed in the range (completed orders, cancelled items
 *   left out) and the stock left now, summed over its limited keys (null: no limit).
 * - orders: the offer's orders made in the range, by status.
 * Days with nothing to count have no row.
 */
export const REPORT_COLUMNS = {
  'active-holders': [
    { key: 'days', label: 'Last days', kind: 'number' },
    { key: 'holders', label: 'Active holders', kind: 'number' },
  ],
  'page-views': [
    { key: 'day', label: 'Day', kind: 'day' },
    { key: 'page', label: 'Page', kind: 'text' },
    { key: 'views', label: 'Views', kind: 'number' },
  ],
  'check-ins': [
    { key: 'day', label: 'Day', kind: 'day' },
    { key: 'venueId', label: 'Venue id', kind: 'number' },
    { key: 'venue', label: 'Venue', kind: 'text' },
    { key: 'checkIns', label: 'Check-ins', kind: 'number' },
  ],
  points: [
    { key: 'day', label: 'Day', kind: 'day' },
    { key: 'earned', label: 'Earned', kind: 'number' },
    { key: 'spent', label: 'Spent', kind: 'number' },
    { key: 'expiring', label: 'Expiring', kind: 'number' },
  ],
  rewards: [
    { key: 'rewardId', label: 'Reward id', kind: 'number' },
    { key: 'reward', label: 'Reward', kind: 'text' },
    { key: 'claimed', label: 'Claimed', kind: 'number' },
    { key: 'stockLeft', label: 'Stock left', kind: 'number' },
  ],
  orders: [
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'orders', label: 'Orders', kind: 'number' },
  ],
} as const satisfies Record<ReportName, readonly ReportColumn[]>;

/** The longest range a report covers, in days. */
export const MAX_REPORT_DAYS = 366;
/** The range when none is asked for: this many days up to today. */
export const DEFAULT_REPORT_DAYS = 30;

const calendarDay = z.iso.date({ error: 'Expected a calendar day such as 2026-11-28.' });

/** ?from&to: calendar days in the partner's time zone, both included; by default the 30 days up to today. */
export const reportQuery = z.strictObject({ from: calendarDay.optional(), to: calendarDay.optional() });
export type ReportQuery = z.infer<typeof reportQuery>;
export const reportParams = z.strictObject({ offerId: idParam, report: reportName });

/** One report: its range as used (defaults filled in), the partner's zone, and its rows by column key. */
export const reportTable = z.object({
  report: reportName,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type ReportTable = z.infer<typeof reportTable>;
