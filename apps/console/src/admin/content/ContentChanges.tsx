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

/**
 * A file's or a version's problems, a line each under its JSON path (`$.deals[2].name: ...`), as the dry run
 * and the apply answer them: the Upload content dialog and the Versions dialog list them the same way.
 */
export function ContentProblems({ label, lines }: { label: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, mb: 1, pl: 3, maxHeight: 240, overflow: 'auto' }}>
      {lines.map((line) => (
        <Typography component="li" variant="body2" key={line} sx={{ fontFamily: 'monospace' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}
