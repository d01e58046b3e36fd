import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ContentKindChanges } from '@trailpass/contract/console';
import { changeLines } from './upload';

/**
 * What a dry run would add, change and remove, kind by kind (a heading each, then a line a record): the
 * Upload content dialog shows it before an apply, the Versions dialog before a restore.
 */
export function ContentChanges({ kinds }: { kinds: readonly ContentKindChanges[] }) {
  return changeLines(kinds).map((change) => (
    <Box key={change.kind} sx={{ mb: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {change.kind}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {change.lines.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  ));
}
