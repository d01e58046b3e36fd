import BarChartIcon from '@mui/icons-material/BarChart';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import DownloadIcon from '@mui/icons-material/Download';
import PlaceIcon from '@mui/icons-material/Place';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StarsIcon from '@mui/icons-material/Stars';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { ApiError } from '../../api/errors';
import {
  getReport,
  type ReportName,
  type ReportRange,
  type ReportTable,
  reportCsvHref,
} from '../../api/reports';
import { EmptyState } from '../common/EmptyState';
import { retryUnlessRefused } from '../common/queryRetry';
import { CheckInsChart, OrdersChart, PageViewsChart, PointsChart, RewardsChart } from './ReportCharts';
import { ReportRowsTable } from './ReportRowsTable';
import { daysOf, describeRange, formatDay } from './range';
import { formatNumber } from './series';

/** What each report is called, what its empty state says, and its icon there. */
export const REPORT_TEXT: Record<ReportName, { title: string; empty: string; icon: typeof SvgIcon }> = {
  'active-holders': { title: 'Active holders', empty: '', icon: StarsIcon },
  'page-views': { title: 'Page views', empty: 'No page views in this range.', icon: BarChartIcon },
  'check-ins': { title: 'Check-ins', empty: 'No check-ins in this range.', icon: PlaceIcon },
  points: {
    title: 'Points',
    empty: 'No points earned, spent or expiring in this range.',
    icon: StarsIcon,
  },
  rewards: { title: 'Rewards claimed', empty: 'This offer has no rewards.', icon: CardGiftcardIcon },
  orders: { title: 'Orders', empty: 'No orders in this range.', icon: ReceiptLongIcon },
};

/** One report's cache key: an offer's report for a range (the offer picker drops every query on a change). */
export const reportQueryKey = (offerId: number, report: ReportName, range: ReportRange) =>
  ['console-report', offerId, report, range.from, range.to] as const;

/** Active holders: two numbers, the 7 and the 30 days up to the range's end (or now, if sooner). */
function ActiveHolders({ table }: { table: ReportTable }) {
  const holders = (days: number) => {
    const row = table.rows.find((r) => r.days === days);
    return typeof row?.holders === 'number' ? row.holders : 0;
  };
  return (
    <>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 6, m: 0 }}>
        {[7, 30].map((days) => (
          <div key={days}>
            <Typography component="dt" variant="body2" color="text.secondary">
              Active in the last {days} days
            </Typography>
            <Typography component="dd" variant="h3" sx={{ m: 0 }}>
              {formatNumber(holders(days))}
            </Typography>
          </div>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Holders who opened a page of their pass in the 7 or 30 days up to {formatDay(table.to)} (or now, if
        that is sooner), whatever the range’s first day. Previews are not counted.
      </Typography>
    </>
  );
}

/** A report's chart beside its table (below it on a narrow screen). */
function ChartAndTable({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      {chart}
      <Box sx={{ minWidth: 0 }}>{table}</Box>
    </Box>
  );
}

function ReportBody({ report, table }: { report: ReportName; table: ReportTable }) {
  if (report === 'active-holders') return <ActiveHolders table={table} />;
  const text = REPORT_TEXT[report];
  if (table.rows.length === 0) return <EmptyState icon={text.icon} text={text.empty} />;
  // The answer's own range: while another range loads, the chart and table show this one's.
  const days = daysOf({ from: table.from, to: table.to });
  const rows = (
    <ReportRowsTable
      report={report}
      rows={table.rows}
      label={`${text.title}, ${describeRange({ from: table.from, to: table.to })}`}
    />
  );
  const chart =
    report === 'page-views' ? (
      <PageViewsChart table={table} days={days} />
    ) : report === 'check-ins' ? (
      <CheckInsChart table={table} days={days} />
    ) : report === 'points' ? (
      <PointsChart table={table} days={days} />
    ) : report === 'rewards' ? (
      <RewardsChart table={table} />
    ) : (
      <OrdersChart table={table} />
    );
  return <ChartAndTable chart={chart} table={rows} />;
}

/**
 * One report of the open offer for the range: its title and CSV download, then its chart and table, or
 * its empty, loading or error state. Another range keeps the last answer on show until the new one comes.
 */
export function ReportCard({
  offerId,
  report,
  range,
}: {
  offerId: number;
  report: ReportName;
  range: ReportRange;
}) {
  const titleId = useId();
  const text = REPORT_TEXT[report];
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: reportQueryKey(offerId, report, range),
    queryFn: ({ signal }) => getReport(offerId, report, range, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
  // A session that ended meanwhile sends the staff member to sign in, as react-admin's own reads do.
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  const updating = query.isFetching && (query.isPlaceholderData || query.isError);

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      sx={{ position: 'relative' }}
    >
      {updating && (
        <LinearProgress
          aria-label={`Updating ${text.title.toLowerCase()}`}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      )}
      <Box sx={{ px: 2, pt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {text.title}
        </Typography>
        <Button
          component="a"
          href={reportCsvHref(offerId, report, range)}
          download
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
        >
          Download CSV
        </Button>
      </Box>
      <Box sx={{ p: 2 }}>
        {query.isPending ? (
          <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={`Loading ${text.title.toLowerCase()}`} />
          </Box>
        ) : query.isError ? (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button
                color="inherit"
                size="small"
                disabled={query.isFetching}
                onClick={() => void query.refetch()}
              >
                Try again
              </Button>
            }
          >
            {query.error instanceof ApiError
              ? query.error.message
              : `The ${text.title.toLowerCase()} could not be loaded.`}
          </Alert>
        ) : (
          <ReportBody report={report} table={query.data} />
        )}
      </Box>
    </Card>
  );
}
