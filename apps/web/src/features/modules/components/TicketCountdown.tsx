import Box from '@mui/material/Box';
import { formatCountdown } from './tickets';

/**
 * A ticket's time left as an ARIA timer (role timer is not announced every second, so it can be read
 * when wanted without flooding a screen reader).
 */
export function TicketCountdown({ seconds, name }: { seconds: number; name: string }) {
  return (
    <Box
      role="timer"
      aria-label={`Time left for ${name}`}
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.2 }}
    >
      {formatCountdown(seconds)}
    </Box>
  );
}
