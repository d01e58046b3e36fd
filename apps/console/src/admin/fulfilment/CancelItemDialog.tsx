import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { cancelItem } from '../../api/fulfilment';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import type { FulfilmentRecord } from '../records';

const number = new Intl.NumberFormat();

/**
 * Cancels an item that was neither shipped nor picked up: the holder's points come back (a ledger credit)
 * and the reward's stock returns, in one step on the server. The reason goes to the audit log.
 */
export function CancelItemDialog(props: {
  offerId: number;
  item: FulfilmentRecord | null;
  onClose: () => void;
  onDone: () => void;
  onConflict: (message: string) => void;
}) {
  const notify = useNotify();
  const form = useDialogForm<'reason'>();
  const [reason, setReason] = useState('');
  const { item } = props;

  function close() {
    setReason('');
    form.reset();
    props.onClose();
  }

  async function submit() {
    if (!item) return;
    if (!form.check(reason.trim() ? {} : { reason: 'A reason is required.' })) return;
    const sent = await form.send(
      () => cancelItem({ offerId: props.offerId, itemId: item.itemId }, { reason: reason.trim() }),
      'The item could not be cancelled. Try again.',
      {
        onFailure: (error) => {
          if (error.status !== 409) return false;
          close();
          props.onConflict(error.message);
          return true;
        },
      },
    );
    if (!sent) return;
    const refunded = sent.value.refundedPoints;
    notify(
      `${item.reward} is cancelled${refunded > 0 ? `: ${number.format(refunded)} points went back to ${item.holder.name}` : ''}.`,
      { type: 'success' },
    );
    close();
    props.onDone();
  }

  return (
    <FormDialog
      open={item !== null}
      title="Cancel this item?"
      submitLabel="Cancel item"
      dismissLabel="Keep item"
      danger
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={close}
    >
      {item && (
        <Typography>
          {item.holder.name} gets{' '}
          {item.points > 0 ? `their ${number.format(item.points)} points` : 'what they paid'} back for{' '}
          {item.reward}
          {item.option ? ` (${item.option})` : ''}, and the item returns to the stock. This cannot be undone.
        </Typography>
      )}
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(form.errors.reason)}
        helperText={form.errors.reason ?? 'Kept in the audit log.'}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
