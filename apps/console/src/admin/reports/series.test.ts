import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '../../api/reports';
import {
  barSummary,
  barsOf,
  columnsByDay,
  dailyTotals,
  daySummary,
  formatCell,
  groupedByDay,
  orderStatusLabel,
  pageLabel,
  venueLabel,
} from './series';

const days = ['2026-11-26', '2026-11-27', '2026-11-28'];

describe('a day chart’s series', () => {
  it('fills the days without a row with 0, one series per group, the largest first', () => {
    const rows = [
      { day: '2026-11-26', page: 'Rewards', views: 2 },
      { day: '2026-11-28', page: 'More', views: 1 },
      { day: '2026-11-28', page: 'Rewards', views: 3 },
    ];
    expect(groupedByDay(days, rows, { group: pageLabel, value: 'views', otherLabel: 'Other pages' })).toEqual(
      [
        { label: 'Rewards', data: [2, 0, 3] },
        { label: 'More', data: [0, 0, 1] },
      ],
    );
  });

  it('sums the groups beyond the largest few as one, and leaves rows outside the range out', () => {
    const rows = ['A', 'B', 'C', 'D'].flatMap((venue, i) => [
      { day: '2026-11-27', venueId: i, venue, checkIns: 10 - i },
      { day: '2026-11-01', venueId: i, venue, checkIns: 100 },
    ]);
    const series = groupedByDay(days, rows, {
      group: venueLabel,
      value: 'checkIns',
      otherLabel: 'Other venues',
      top: 2,
    });
    expect(series).toEqual([
      { label: 'A', data: [0, 10, 0] },
      { label: 'B', data: [0, 9, 0] },
      { label: 'Other venues', data: [0, 15, 0] },
    ]);
    // One group over is shown itself rather than as "Other".
    expect(
      groupedByDay(days, rows.slice(0, 6), {
        group: venueLabel,
        value: 'checkIns',
        otherLabel: 'x',
        top: 2,
      }).map((s) => s.label),
    ).toEqual(['A', 'B', 'C']);
  });

  it('names a check-in without a venue', () => {
    expect(venueLabel({ venue: null })).toBe('Unknown venue');
  });

  it('has a series per column for points, and day totals', () => {
    const rows = [{ day: '2026-11-27', earned: 50, spent: 20, expiring: 0 }];
    const series = columnsByDay(days, rows, [
      { key: 'earned', label: 'Earned' },
      { key: 'spent', label: 'Spent' },
    ]);
    expect(series).toEqual([
      { label: 'Earned', data: [0, 50, 0] },
      { label: 'Spent', data: [0, 20, 0] },
    ]);
    expect(dailyTotals(series, 3)).toEqual([0, 70, 0]);
  });
});

describe('a chart’s description in words', () => {
  it('gives the total, the busiest day and the largest group', () => {
    const series = [
      { label: 'Rewards', data: [2, 0, 3] },
      { label: 'More', data: [0, 0, 1] },
    ];
    expect(daySummary('page-views', days, series)).toBe(
      '6 page views in all. The most on Nov 28, 2026 (4). Most viewed page: Rewards (5).',
    );
    expect(daySummary('check-ins', days, [{ label: 'Driftwood', data: [0, 1, 0] }])).toBe(
      '1 check-in in all. The most on Nov 27, 2026 (1). Busiest venue: Driftwood (1).',
    );
    expect(daySummary('page-views', days, [])).toBe('0 page views in all.');
    expect(daySummary('points', days, [{ label: 'Earned', data: [1200, 0, 5] }])).toBe(
      'Earned: 1,205 points.',
    );
  });

  it('lists a bar chart’s bars with a value, largest first', () => {
    const { labels, series } = barsOf(
      [
        { status: 'completed', orders: 3 },
        { status: 'draft', orders: 5 },
        { status: 'expired', orders: 0 },
      ],
      (row) => orderStatusLabel(row.status),
      'orders',
    );
    expect(labels).toEqual(['Completed', 'In a cart', 'Cart expired']);
    expect(barSummary('orders', labels, series.data)).toBe('8 orders in all: In a cart 5, Completed 3.');
    expect(barSummary('rewards', ['Growler'], [1])).toBe('1 item claimed in all: Growler 1.');
  });
});

describe('a table cell', () => {
  const column = (report: keyof typeof REPORT_COLUMNS, key: string) => {
    const found = REPORT_COLUMNS[report].find((c) => c.key === key);
    if (!found) throw new Error(key);
    return found;
  };

  it('formats days and numbers, and keeps ids as they are', () => {
    expect(formatCell('page-views', column('page-views', 'day'), '2026-11-28')).toBe('Nov 28, 2026');
    expect(formatCell('page-views', column('page-views', 'views'), 12345)).toBe('12,345');
    expect(formatCell('check-ins', column('check-ins', 'venueId'), 1302)).toBe('1302');
    expect(formatCell('page-views', column('page-views', 'page'), 'Rewards')).toBe('Rewards');
  });

  it('says what an empty value means', () => {
    expect(formatCell('rewards', column('rewards', 'stockLeft'), null)).toBe('No limit');
    expect(formatCell('check-ins', column('check-ins', 'venue'), null)).toBe('Unknown venue');
    expect(formatCell('check-ins', column('check-ins', 'venueId'), null)).toBe('—');
  });

  it('names an order status for people', () => {
    expect(formatCell('orders', column('orders', 'status'), 'draft')).toBe('In a cart');
    expect(orderStatusLabel('refunded')).toBe('refunded');
  });
});
