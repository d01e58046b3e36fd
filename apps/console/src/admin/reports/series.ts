import type { ReportColumn, ReportName, ReportTable } from '../../api/reports';
import { formatDay } from './range';

/**
 * The reports' rows turned into what their charts and tables show: series over every day of the range
 * (a day without a row is a zero), the few largest groups with the rest summed, formatted cells, and one
 * sentence that says what a chart shows (its accessible description).
 */

export type ReportRow = ReportTable['rows'][number];

export interface ChartSeries {
  label: string;
  data: number[];
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const numberFormat = new Intl.NumberFormat('en-US');
export const formatNumber = (value: number): string => numberFormat.format(value);

/** How many groups a day chart shows on their own before the rest are summed as one. */
export const TOP_GROUPS = 5;

/**
 * One series per group (page, venue) over `days`, summing `value` by day: the `top` groups with the most
 * in all, largest first, then the others summed under `otherLabel`. A day or group without a row is 0.
 */
export function groupedByDay(
  days: readonly string[],
  rows: readonly ReportRow[],
  options: {
    group: (row: ReportRow) => string;
    value: string;
    otherLabel: string;
    top?: number;
  },
): ChartSeries[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const byGroup = new Map<string, { data: number[]; total: number }>();
  for (const row of rows) {
    const at = index.get(String(row.day));
    if (at === undefined) continue;
    const label = options.group(row);
    const entry = byGroup.get(label) ?? { data: days.map(() => 0), total: 0 };
    const value = count(row[options.value]);
    entry.data[at] = (entry.data[at] ?? 0) + value;
    entry.total += value;
    byGroup.set(label, entry);
  }
  const ranked = [...byGroup.entries()].sort(([a, x], [b, y]) => y.total - x.total || a.localeCompare(b));
  const top = options.top ?? TOP_GROUPS;
  // Summing a single leftover group would only rename it.
  const shown = ranked.length <= top + 1 ? ranked : ranked.slice(0, top);
  const series = shown.map(([label, entry]) => ({ label, data: entry.data }));
  const rest = ranked.slice(shown.length);
  if (rest.length > 0)
    series.push({
      label: options.otherLabel,
      data: days.map((_, i) => rest.reduce((sum, [, entry]) => sum + (entry.data[i] ?? 0), 0)),
    });
  return series;
}

/** One series per column of `columns` over `days` (the points' earned, spent and expiring). */
export function columnsByDay(
  days: readonly string[],
  rows: readonly ReportRow[],
  columns: readonly { key: string; label: string }[],
): ChartSeries[] {
  const index = new Map(days.map((day, i) => [day, i]));
  return columns.map(({ key, label }) => {
    const data = days.map(() => 0);
    for (const row of rows) {
      const at = index.get(String(row.day));
      if (at !== undefined) data[at] = (data[at] ?? 0) + count(row[key]);
    }
    return { label, data };
  });
}

/** The sum of each day over several series (a stacked chart's column heights). */
export function dailyTotals(series: readonly ChartSeries[], days: number): number[] {
  return Array.from({ length: days }, (_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
}

const ORDER_STATUS_LABELS: Record<string, string> = {
  draft: 'In a cart',
  completed: 'Completed',
  expired: 'Cart expired',
  cancelled: 'Cancelled',
};

/** An order status for people (the CSV keeps the server's word). */
export function orderStatusLabel(status: unknown): string {
  const text = String(status ?? '');
  return ORDER_STATUS_LABELS[text] ?? text;
}

export const venueLabel = (row: ReportRow): string =>
  typeof row.venue === 'string' && row.venue ? row.venue : 'Unknown venue';

export const pageLabel = (row: ReportRow): string =>
  typeof row.page === 'string' && row.page ? row.page : 'unknown';

/** A table cell: days and numbers formatted; ids as they are; an empty value as what it means. */
export function formatCell(report: ReportName, column: ReportColumn, value: ReportRow[string]): string {
  if (value === null || value === undefined || value === '') {
    if (column.key === 'stockLeft') return 'No limit';
    if (column.key === 'venue') return 'Unknown venue';
    return '—';
  }
  if (column.kind === 'day') return formatDay(String(value));
  if (column.kind === 'number')
    return column.key.endsWith('Id') || typeof value !== 'number' ? String(value) : formatNumber(value);
  if (report === 'orders' && column.key === 'status') return orderStatusLabel(value);
  return String(value);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The day with the most (the first such), as "Nov 28, 2026 (12)"; null when every day is 0. */
function busiestDay(days: readonly string[], totals: readonly number[]): string | null {
  let best = -1;
  totals.forEach((value, i) => {
    if (value > 0 && (best < 0 || value > (totals[best] ?? 0))) best = i;
  });
  const day = days[best];
  return day === undefined ? null : `${formatDay(day)} (${formatNumber(totals[best] ?? 0)})`;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * A day chart's description for a screen reader: the total, the busiest day and the largest group (the
 * table beside it has every row).
 */
export function daySummary(
  report: 'page-views' | 'check-ins' | 'points',
  days: readonly string[],
  series: readonly ChartSeries[],
): string {
  if (report === 'points')
    return series.map((s) => `${s.label}: ${plural(sum(s.data), 'point', 'points')}.`).join(' ');
  const [one, many, groups] =
    report === 'page-views'
      ? ['page view', 'page views', 'Most viewed page']
      : ['check-in', 'check-ins', 'Busiest venue'];
  const totals = dailyTotals(series, days.length);
  const busiest = busiestDay(days, totals);
  const largest = [...series]
    .filter((s) => s.label !== OTHER_LABELS[report])
    .sort((a, b) => sum(b.data) - sum(a.data))[0];
  return [
    `${plural(sum(totals), one, many)} in all.`,
    busiest ? `The most on ${busiest}.` : '',
    largest && sum(largest.data) > 0
      ? `${groups}: ${largest.label} (${formatNumber(sum(largest.data))}).`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The labels of the groups a day chart sums when there are too many to show. */
export const OTHER_LABELS = { 'page-views': 'Other pages', 'check-ins': 'Other venues' } as const;

/** A bar chart's description (rewards claimed, orders by status): the total and each bar with a value. */
export function barSummary(report: 'rewards' | 'orders', labels: readonly string[], data: readonly number[]) {
  const [one, many, suffix] = report === 'rewards' ? ['item', 'items', ' claimed'] : ['order', 'orders', ''];
  const bars = labels
    .map((label, i) => ({ label, value: data[i] ?? 0 }))
    .filter((bar) => bar.value > 0)
    .sort((a, b) => b.value - a.value)
    .map((bar) => `${bar.label} ${formatNumber(bar.value)}`);
  const named =
    bars.length > TOP_GROUPS + 1 ? [...bars.slice(0, TOP_GROUPS), `${bars.length - TOP_GROUPS} more`] : bars;
  return `${plural(sum(data), one, many)}${suffix} in all${named.length ? `: ${named.join(', ')}` : ''}.`;
}

/** The bars of a chart with one value per row (rewards claimed, orders by status), in the rows' order. */
export function barsOf(
  rows: readonly ReportRow[],
  label: (row: ReportRow) => string,
  value: string,
): { labels: string[]; series: ChartSeries } {
  return {
    labels: rows.map(label),
    series: { label: '', data: rows.map((row) => count(row[value])) },
  };
}
