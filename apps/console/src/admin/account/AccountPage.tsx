import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ConsoleSession } from '@trailpass/contract/console';
import { Title, usePermissions } from 'react-admin';
import { refreshSession } from '../../api/session';
import { TwoFactorCard } from './TwoFactorCard';

/** My account (the app bar's user menu): the signed-in staff member's own sign-in settings. */
export function AccountPage() {
  const { permissions, isPending, error, refetch } = usePermissions<ConsoleSession | null>();
  const session = permissions ?? null;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="My account" />
      {isPending ? (
        <CircularProgress aria-label="Loading your account" />
      ) : error || !session ? (
        <Alert severity="error" role="alert">
          Your account could not be loaded. Reload the page to try again.
        </Alert>
      ) : (
        <TwoFactorCard
          enabled={session.staff.twoFactorEnabled}
          email={session.staff.email}
          onChanged={async () => {
            await refreshSession();
            await refetch();
          }}
        />
      )}
    </Box>
  );
}
