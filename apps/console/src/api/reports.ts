import type {
  DEFAULT_REPORT_DAYS as ContractDefaultReportDays,
  MAX_REPORT_DAYS as ContractMaxReportDays,
  REPORT_COLUMNS as ContractReportColumns,
  REPORT_NAMES as ContractReportNames,
  ReportName,
  ReportTable,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { reportPaths } from './paths';

/**
 * Issue 31 item 4: an offer's reports, in its partner's time zone, for a range of calendar days (contract:
 * console/reports.ts). The contract's names, columns and limits are restated here, as paths.ts restates its
 * paths: the contract builds zod schemas at load, which the console's Content-Security-Policy refuses, so
 * the console takes only its types, and `satisfies` holds each value to the contract's exact text.
 */
export type { ReportName, ReportTable };

export const REPORT_NAMES = [
  'active-holders',
  'page-views',
  'check-ins',
  'points',
  'rewards',
  'orders',
] as const satisfies typeof ContractReportNames;

/** Each report's columns in order: the JSON rows' keys and the CSV's header (its labels). */
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
} as const satisfies typeof ContractReportColumns;

export type ReportColumn = (typeof REPORT_COLUMNS)[ReportName][number];

/** The longest range a report covers, in days (the server answers 422 beyond it). */
export const MAX_REPORT_DAYS = 366 as const satisfies typeof ContractMaxReportDays;
/** The range when none is asked for: this many days up to today. */
export const DEFAULT_REPORT_DAYS = 30 as const satisfies typeof ContractDefaultReportDays;

/** Calendar days (YYYY-MM-DD) in the partner's time zone, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

const reportRef = (offerId: number, report: ReportName) => ({ offerId, report });

/** GET .../reports/:report?from&to: the report's rows for the range (viewer and up). */
export function getReport(
  offerId: number,
  report: ReportName,
  range: ReportRange,
  signal?: AbortSignal,
): Promise<ReportTable> {
  const path = fillPath(reportPaths.report, reportRef(offerId, report));
  return apiRequest(`${path}?${new URLSearchParams({ from: range.from, to: range.to })}`, { signal });
}

/**
 * The same rows as a CSV download: a plain same-origin link (the session cookie goes with it, and a GET
 * needs no CSRF token); the server names the file and sends it as an attachment.
 */
export function reportCsvHref(offerId: number, report: ReportName, range: ReportRange): string {
  const path = fillPath(reportPaths.csv, reportRef(offerId, report));
  return `${path}?${new URLSearchParams({ from: range.from, to: range.to })}`;
}
