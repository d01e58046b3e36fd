import { afterEach, describe, expect, it, vi } from 'vitest';
import { getReport, REPORT_COLUMNS, REPORT_NAMES, reportCsvHref } from '../../api/reports';

describe('the reports’ requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read one report of the offer for the range', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ report: 'orders', rows: [] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    await getReport(101, 'orders', { from: '2026-11-01', to: '2026-11-28' });
    expect(fetch).toHaveBeenCalledWith(
      '/console/api/offers/101/reports/orders?from=2026-11-01&to=2026-11-28',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('link the CSV download of the same rows', () => {
    expect(reportCsvHref(101, 'page-views', { from: '2026-11-28', to: '2026-11-28' })).toBe(
      '/console/api/offers/101/reports/page-views/csv?from=2026-11-28&to=2026-11-28',
    );
  });

  it('know every report’s columns', () => {
    expect(Object.keys(REPORT_COLUMNS).sort()).toEqual([...REPORT_NAMES].sort());
  });
});
