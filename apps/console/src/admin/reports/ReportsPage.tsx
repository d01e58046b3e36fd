import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router';
import { REPORT_NAMES, type ReportName, type ReportRange } from '../../api/reports';
import type { OfferChoice } from '../../auth/roles';
import { partnerTimeZone } from '../messages/partnerTimeZone';
import { useOfferScope } from '../useOfferScope';
import { RangePicker } from './RangePicker';
import { REPORT_TEXT, ReportCard } from './ReportCard';
import { hasProblems, rangeFromSearch, rangeProblems, todayIn } from './range';

const ALL = 'all';
type Shown = ReportName | typeof ALL;
const TABS: readonly Shown[] = [ALL, ...REPORT_NAMES];

/** The open offer's reports for the range in the address (`?from&to`), all of them or the one in `?report`. */
function Reports({ choice, timeZone }: { choice: OfferChoice; timeZone: string }) {
  const [params, setParams] = useSearchParams();
  // Today in the partner's zone, once per visit to the page: the quick choices and the default range end on it.
  const [today] = useState(() => todayIn(timeZone, Date.now()));
  const range = rangeFromSearch(params, today);
  const problems = rangeProblems(range);
  const shown: Shown = REPORT_NAMES.find((name) => name === params.get('report')) ?? ALL;

  /**
   * Changes the address from what it is now, not from this render's parameters (react-router's updater gets
   * those): a second change before the page renders again (From, then at once To) keeps the first.
   */
  function change(update: (search: URLSearchParams) => void) {
    const next = new URLSearchParams(window.location.search);
    update(next);
    setParams(next, { replace: true });
  }
  /** A day of the range, or both; the other keeps its value (the default range's, when the address has none). */
  const setRange = (next: Partial<ReportRange>) =>
    change((search) => {
      search.set('from', next.from ?? search.get('from') ?? range.from);
      search.set('to', next.to ?? search.get('to') ?? range.to);
    });
  const show = (next: Shown) =>
    change((search) => {
      if (next === ALL) search.delete('report');
      else search.set('report', next);
    });

  const reports = shown === ALL ? REPORT_NAMES : [shown];
  return (
    <>
      <Card sx={{ mt: 1 }}>
        <Intro />
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <RangePicker
            range={range}
            today={today}
            timeZone={timeZone}
            problems={problems}
            onChange={setRange}
          />
        </Box>
        <Tabs
          value={shown}
          onChange={(_, next: Shown) => show(next)}
          aria-label="Reports"
          variant="scrollable"
          scrollButtons="auto"
          sx={{ px: 2 }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={name === ALL ? 'All reports' : REPORT_TEXT[name].title}
              id={`reports-tab-${name}`}
              aria-controls="reports-panel"
            />
          ))}
        </Tabs>
      </Card>
      <Box role="tabpanel" id="reports-panel" aria-labelledby={`reports-tab-${shown}`} sx={{ py: 2 }}>
        {hasProblems(problems) ? (
          <Alert severity="info">Choose a range of days above to see the reports.</Alert>
        ) : (
          <Stack spacing={2}>
            {reports.map((report) => (
              <ReportCard key={report} offerId={choice.offerId} report={report} range={range} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}

function Intro() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
      What holders of this offer did, day by day. Each report downloads as a CSV file with the same rows.
    </Typography>
  );
}

/**
 * Issue 31 item 4: the open offer's reports (active holders, page views, check-ins, points, rewards
 * claimed, orders) for a range of days in the partner's time zone, each a chart, its table and a CSV
 * download. Its own chunk (AdminApp loads it lazily): the charts are not part of the console's first load.
 */
export function ReportsPage() {
  const { choice, session } = useOfferScope();
  return (
    <Box>
      <Title title={choice ? `Reports · ${choice.offerName}` : 'Reports'} />
      {choice ? (
        <Reports
          key={choice.offerId}
          choice={choice}
          timeZone={partnerTimeZone(session, choice.partnerId).timeZone}
        />
      ) : (
        <Card sx={{ mt: 1 }}>
          <Intro />
          {session ? (
            <Alert severity="info" sx={{ m: 2 }}>
              No offer is open: choose one in the bar above.
            </Alert>
          ) : (
            <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress aria-label="Loading the reports" />
            </Box>
          )}
        </Card>
      )}
    </Box>
  );
}
