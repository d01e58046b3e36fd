import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS, type ReportRange } from '../../api/reports';

/**
 * The reports' range of calendar days (YYYY-MM-DD, both included) in the partner's time zone, as the
 * address keeps it (`?from&to`) and the server reads it (apps/server/src/console/reports/service.ts).
 * Days are counted on UTC dates, which no zone shifts.
 */

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The quick choices: the last 7, 30 and 90 days up to today. */
export const QUICK_RANGES = [7, 30, 90] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

/** Today's calendar day in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The `days` days up to and including `today`. */
export function lastDays(days: number, today: string): ReportRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The quick choice the range is, if it is one. */
export function quickRangeOf(range: ReportRange, today: string): QuickRange | null {
  if (range.to !== today) return null;
  return QUICK_RANGES.find((days) => daysBetween(range.from, range.to) + 1 === days) ?? null;
}

export type RangeProblems = Partial<Record<keyof ReportRange, string>>;

/** What is wrong with a range, by field, in the server's words; empty when the reports can be read. */
export function rangeProblems(range: ReportRange): RangeProblems {
  const problems: RangeProblems = {};
  if (!isCalendarDay(range.from)) problems.from = 'Choose a day such as 2026-11-28.';
  if (!isCalendarDay(range.to)) problems.to = 'Choose a day such as 2026-11-28.';
  if (problems.from || problems.to) return problems;
  const span = daysBetween(range.from, range.to) + 1;
  if (span < 1)
    problems.to = 'The range ends before it starts: choose a “to” day on or after the “from” day.';
  else if (span > MAX_REPORT_DAYS)
    problems.from = `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${span}.`;
  return problems;
}

export function hasProblems(problems: RangeProblems): boolean {
  return Boolean(problems.from || problems.to);
}

/**
 * The range the address asks for. As the server fills one in: neither day means the 30 days up to today;
 * only `from`, the 30 days from it; only `to`, the 30 days up to it. A day that is there but is not one
 * (empty while a date field is being typed in) is kept as written, for the range picker to show with its
 * problem.
 */
export function rangeFromSearch(search: URLSearchParams, today: string): ReportRange {
  const from = search.get('from');
  const to = search.get('to');
  const span = DEFAULT_REPORT_DAYS - 1;
  if (from === null && to === null) return lastDays(DEFAULT_REPORT_DAYS, today);
  if (to === null)
    return { from: from ?? '', to: isCalendarDay(from ?? '') ? addDays(from ?? '', span) : '' };
  if (from === null) return { from: isCalendarDay(to) ? addDays(to, -span) : '', to };
  return { from, to };
}

/** Every day of the range in order (the charts' axis: a day without a row is a zero). */
export function daysOf(range: ReportRange): string[] {
  const count = daysBetween(range.from, range.to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(range.from, i));
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** A calendar day for people: "Nov 28, 2026" (the day as the partner's calendar has it, no zone shift). */
export function formatDay(day: string): string {
  return isCalendarDay(day) ? dayFormat.format(new Date(Date.parse(day))) : day;
}

/** A calendar day on a chart's axis: "Nov 28". */
export function formatShortDay(day: string): string {
  return isCalendarDay(day) ? shortDayFormat.format(new Date(Date.parse(day))) : day;
}

/** "Nov 1, 2026 to Nov 28, 2026", or the one day. */
export function describeRange(range: ReportRange): string {
  return range.from === range.to
    ? formatDay(range.from)
    : `${formatDay(range.from)} to ${formatDay(range.to)}`;
}
