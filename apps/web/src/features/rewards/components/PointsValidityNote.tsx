import EventIcon from '@mui/icons-material/Event';
import Typography from '@mui/material/Typography';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import type { PointsNote } from '../rewards-deals';

/** Spec 2.5 note: until when the points can be spent, or the day they expired. */
export function PointsValidityNote({ note }: { note: PointsNote }) {
  const date = formatDate(note.date, POINTS_DATE_FORMAT);
  return (
    <Typography
      variant="body2"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: note.kind === 'expired' ? 'error.main' : 'text.secondary',
      }}
    >
      <EventIcon aria-hidden="true" fontSize="small" />
      {note.kind === 'expired' ? `Points expired on ${date}` : `Redeem prizes using points until ${date}`}
    </Typography>
  );
}
