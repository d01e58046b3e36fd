import {
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  type ReportName,
  type ReportQuery,
  type ReportTable,
} from '@trailpass/contract/console';
import type { DbExecutor } from '../../db/client';
import { calendarDateIn } from '../../db/import/dates';
import { invalid, notFound } from '../errors';
import {
  activeHolders,
  checkInsByDay,
  offerTimeZone,
  ordersByStatus,
  pageViewsByDay,
  pointsByDay,
  type ReportRange,
  rewardsClaimed,
} from './repository';

/** Issue 31 item 4: an offer's reports, one table each (decision 0045). */

type Row = ReportTable['rows'][number];

const DAY_MS = 86_400_000;
/** Days between two calendar days (`to` - `from`), counted on UTC dates, which no zone shifts. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The asked range, or the default one, checked: `from` not after `to`, at most MAX_REPORT_DAYS days. */
export function reportRange(query: ReportQuery, timezone: string, now: Date): ReportRange {
  const to =
    query.to ?? (query.from ? addDays(query.from, DEFAULT_REPORT_DAYS - 1) : calendarDateIn(now, timezone));
  const from = query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  const span = daysBetween(from, to) + 1;
  if (span < 1) {
    const message = 'The range ends before it starts: choose a “to” day on or after the “from” day.';
    throw invalid(message, { to: [message] });
  }
  if (span > MAX_REPORT_DAYS) {
    const message = `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${span}.`;
    throw invalid(message, { from: [message] });
  }
  return { from, to, timezone };
}

/** Stock left over a reward's limited keys; null when none of them is limited. */
function stockLeft(tickets: Record<string, number | null> | null): number | null {
  const counts = Object.values(tickets ?? {}).filter((n): n is number => typeof n === 'number');
  return counts.length === 0 ? null : counts.reduce((sum, n) => sum + Math.max(0, n), 0);
}

async function rowsOf(
  db: DbExecutor,
  report: ReportName,
  offerId: number,
  range: ReportRange,
  now: Date,
): Promise<Row[]> {
  switch (report) {
    case 'active-holders': {
      const { last7, last30 } = await activeHolders(db, offerId, range, now);
      return [
        { days: 7, holders: last7 },
        { days: 30, holders: last30 },
      ];
    }
    case 'page-views':
      return (await pageViewsByDay(db, offerId, range)).map((r) => ({
        day: r.day,
        page: r.page,
        views: Number(r.views),
      }));
    case 'check-ins':
      return (await checkInsByDay(db, offerId, range)).map((r) => ({
        day: r.day,
        venueId: r.venue_id,
        venue: r.venue,
        checkIns: Number(r.check_ins),
      }));
    case 'points':
      return (await pointsByDay(db, offerId, range)).map((r) => ({
        day: r.day,
        earned: Number(r.earned),
        spent: Number(r.spent),
        expiring: Number(r.expiring),
      }));
    case 'rewards':
      return (await rewardsClaimed(db, offerId, range)).map((r) => ({
        rewardId: r.reward_id,
        reward: r.reward,
        claimed: Number(r.claimed),
        stockLeft: stockLeft(r.tickets_left),
      }));
    case 'orders':
      return (await ordersByStatus(db, offerId, range)).map((r) => ({
        status: r.status,
        orders: Number(r.orders),
      }));
  }
}

/** GET .../reports/:report: the report's rows for the range, in the partner's zone. */
export async function loadReport(
  db: DbExecutor,
  offerId: number,
  report: ReportName,
  query: ReportQuery,
  now: Date,
): Promise<ReportTable> {
  const timezone = await offerTimeZone(db, offerId);
  if (!timezone) throw notFound();
  const range = reportRange(query, timezone, now);
  return {
    report,
    from: range.from,
    to: range.to,
    timezone,
    rows: await rowsOf(db, report, offerId, range, now),
  };
}
