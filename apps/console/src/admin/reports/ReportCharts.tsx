import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { type ReactNode, useId } from 'react';
import type { ReportTable } from '../../api/reports';
import { VISUALLY_HIDDEN } from '../common/visuallyHidden';
import { formatDay, formatShortDay } from './range';
import {
  barSummary,
  barsOf,
  type ChartSeries,
  columnsByDay,
  daySummary,
  formatNumber,
  groupedByDay,
  OTHER_LABELS,
  orderStatusLabel,
  pageLabel,
  venueLabel,
} from './series';

/**
 * The reports' charts (MUI X Charts, in the Reports page's own chunk). Each is an image to assistive
 * technology, named and described in words (the total, the busiest day, the largest group); the table
 * beside it is the full alternative. Days run over the whole range, a day without a row at 0.
 */

const HEIGHT = 280;

/** A chart as one image with a name and a description in words. */
function ChartFigure({ label, summary, children }: { label: string; summary: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box sx={{ position: 'relative', width: '100%', minWidth: 0 }}>
      <Box role="img" aria-label={label} aria-describedby={id} sx={{ width: '100%' }}>
        {children}
      </Box>
      <Box component="p" id={id} sx={VISUALLY_HIDDEN}>
        {summary}
      </Box>
    </Box>
  );
}

const value = (n: number | null) => (n === null ? '' : formatNumber(n));

/** The day axis: short days under the bars, the full day in the tooltip. */
function dayAxis(days: string[]) {
  return [
    {
      scaleType: 'band' as const,
      data: days,
      valueFormatter: (day: string, context: { location: string }) =>
        context.location === 'tick' ? formatShortDay(day) : formatDay(day),
    },
  ];
}

/** Counts: whole numbers on the axis. */
const numberAxis = [{ valueFormatter: (n: number) => formatNumber(n), tickMinStep: 1, width: 48 }];

function StackedDays({
  label,
  summary,
  days,
  series,
}: {
  label: string;
  summary: string;
  days: string[];
  series: ChartSeries[];
}) {
  return (
    <ChartFigure label={label} summary={summary}>
      <BarChart
        height={HEIGHT}
        xAxis={dayAxis(days)}
        yAxis={numberAxis}
        series={series.map((s) => ({ ...s, stack: 'total', valueFormatter: value }))}
      />
    </ChartFigure>
  );
}

/** Page views per day, stacked by page (the five most viewed pages, the rest together). */
export function PageViewsChart({ table, days }: { table: ReportTable; days: string[] }) {
  const series = groupedByDay(days, table.rows, {
    group: pageLabel,
    value: 'views',
    otherLabel: OTHER_LABELS['page-views'],
  });
  return (
    <StackedDays
      label="Page views per day, by page"
      summary={daySummary('page-views', days, series)}
      days={days}
      series={series}
    />
  );
}

/** Check-ins per day, stacked by venue. */
export function CheckInsChart({ table, days }: { table: ReportTable; days: string[] }) {
  const series = groupedByDay(days, table.rows, {
    group: venueLabel,
    value: 'checkIns',
    otherLabel: OTHER_LABELS['check-ins'],
  });
  return (
    <StackedDays
      label="Check-ins per day, by venue"
      summary={daySummary('check-ins', days, series)}
      days={days}
      series={series}
    />
  );
}

const POINT_SERIES = [
  { key: 'earned', label: 'Earned' },
  { key: 'spent', label: 'Spent' },
  { key: 'expiring', label: 'Expiring' },
] as const;

/** Points earned, spent and expiring per day, side by side (most days have none: bars, not lines). */
export function PointsChart({ table, days }: { table: ReportTable; days: string[] }) {
  const series = columnsByDay(days, table.rows, POINT_SERIES);
  return (
    <ChartFigure
      label="Points earned, spent and expiring per day"
      summary={daySummary('points', days, series)}
    >
      <BarChart
        height={HEIGHT}
        xAxis={dayAxis(days)}
        yAxis={numberAxis}
        series={series.map((s) => ({ ...s, valueFormatter: value }))}
      />
    </ChartFigure>
  );
}

/** Items claimed per reward: a bar each, across (reward names are long). */
export function RewardsChart({ table }: { table: ReportTable }) {
  const reward = (row: ReportTable['rows'][number]) => String(row.reward ?? '');
  const { labels, series } = barsOf(table.rows, reward, 'claimed');
  return (
    <ChartFigure label="Items claimed per reward" summary={barSummary('rewards', labels, series.data)}>
      <BarChart
        layout="horizontal"
        height={Math.max(160, 56 + labels.length * 32)}
        yAxis={[{ scaleType: 'band', data: labels, width: 'auto' }]}
        xAxis={[{ valueFormatter: (n: number) => formatNumber(n), tickMinStep: 1 }]}
        series={[{ data: series.data, label: 'Claimed', valueFormatter: value }]}
        hideLegend
      />
    </ChartFigure>
  );
}

/** Orders by status: a bar each. */
export function OrdersChart({ table }: { table: ReportTable }) {
  const { labels, series } = barsOf(table.rows, (row) => orderStatusLabel(row.status), 'orders');
  return (
    <ChartFigure label="Orders by status" summary={barSummary('orders', labels, series.data)}>
      <BarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={numberAxis}
        series={[{ data: series.data, label: 'Orders', valueFormatter: value }]}
        hideLegend
      />
    </ChartFigure>
  );
}
