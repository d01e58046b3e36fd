import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReportRange } from '../../api/reports';
import { lastDays, QUICK_RANGES, type QuickRange, quickRangeOf, type RangeProblems } from './range';

/**
 * The reports' range: two calendar days (From, To, both included) and the quick choices, in the partner's
 * time zone, which it names. Every change goes to the address at once; a range the server would refuse is
 * shown with its problem and not read.
 */
export function RangePicker({
  range,
  today,
  timeZone,
  problems,
  onChange,
}: {
  range: ReportRange;
  today: string;
  timeZone: string;
  problems: RangeProblems;
  onChange: (change: Partial<ReportRange>) => void;
}) {
  const quick = quickRangeOf(range, today);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        type="date"
        size="small"
        label="From"
        value={range.from}
        onChange={(event) => onChange({ from: event.target.value })}
        error={Boolean(problems.from)}
        helperText={problems.from}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 180 }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={range.to}
        onChange={(event) => onChange({ to: event.target.value })}
        error={Boolean(problems.to)}
        helperText={problems.to}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 180 }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={quick}
        aria-label="Quick ranges"
        onChange={(_, days: QuickRange | null) => {
          if (days !== null) onChange(lastDays(days, today));
        }}
      >
        {QUICK_RANGES.map((days) => (
          <ToggleButton key={days} value={days} sx={{ textTransform: 'none', px: 1.5 }}>
            Last {days} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
        Days in {timeZone}
      </Typography>
    </Box>
  );
}
