import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useConsoleCall } from '../common/useConsoleCall';

/**
 * Marks an inbox entry handled, or reopens one that was: one call, then the list is read again (with the
 * default "needs handling" filter the entry leaves it).
 */
export function HandledButton(props: {
  handled: boolean;
  what: string;
  setHandled: (handled: boolean) => Promise<unknown>;
  onDone: () => void;
}) {
  const notify = useNotify();
  const call = useConsoleCall();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    const outcome = await call(() => props.setHandled(!props.handled), 'The change could not be saved.');
    setBusy(false);
    if (outcome.ok)
      notify(props.handled ? `${props.what} is open again.` : `${props.what} is marked handled.`, {
        type: 'success',
      });
    else if (!outcome.signedOut) notify(outcome.error.message, { type: 'error' });
    props.onDone();
  }
  return (
    <Button size="small" variant={props.handled ? 'outlined' : 'contained'} disabled={busy} onClick={toggle}>
      {props.handled ? 'Reopen' : 'Mark handled'}
    </Button>
  );
}
