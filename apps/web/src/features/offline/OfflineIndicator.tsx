import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import { useOnline } from './use-online';

export const OFFLINE_TEXT = 'You are offline';

/**
 * A bar above the page while the browser is offline: the pass then shows what was kept from the last
 * online visit (decision 0021). It sits in the flow above the header, so it covers neither the page nor
 * the bottom navigation, and nothing measured from the header (sticky showcases) moves. The status region
 * is always there, empty while online, so that going offline is announced (politely) when the text appears.
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <Box role="status">
      {!online && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            px: 2,
            py: 0.75,
            bgcolor: 'grey.800',
            color: 'common.white',
            typography: 'body2',
            fontWeight: 500,
          }}
        >
          <CloudOffIcon fontSize="small" aria-hidden="true" />
          <span>{OFFLINE_TEXT}</span>
        </Box>
      )}
    </Box>
  );
}
