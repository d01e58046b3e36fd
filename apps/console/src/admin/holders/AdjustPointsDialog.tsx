import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { HolderDetail, PointsAdjustmentRequest } from '@trailpass/contract/console';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { adjustPoints } from '../../api/holders';
import { FormDialog } from '../common/FormDialog';
import { type FieldErrors, useDialogForm } from '../common/useDialogForm';
import { parsePoints } from './points';

type Field = keyof PointsAdjustmentRequest;

/**
 * A points correction: booked as one ledger entry on a deal, with its reason (a negative number takes
 * points off). Field messages from the server appear on their fields.
 */
export function AdjustPointsDialog(props: {
  open: boolean;
  offerId: number;
  holder: HolderDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { holder } = props;
  const notify = useNotify();
  const form = useDialogForm<Field>();
  const [dealId, setDealId] = useState<number | ''>(holder.pointsDeals[0]?.id ?? '');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const noDeal = holder.pointsDeals.length === 0;

  function close() {
    setPoints('');
    setReason('');
    form.reset();
    props.onClose();
  }

  async function submit() {
    const parsed = parsePoints(points);
    const found: FieldErrors<Field> = {};
    if (!dealId) found.dealId = 'Choose the deal the points are booked on.';
    if (typeof parsed === 'string') found.points = parsed;
    if (!reason.trim()) found.reason = 'A reason is required.';
    if (!form.check(found) || typeof parsed === 'string' || dealId === '') return;
    const sent = await form.send(
      () =>
        adjustPoints(
          { offerId: props.offerId, holderId: holder.id },
          { dealId, points: parsed, reason: reason.trim() },
        ),
      'The points could not be adjusted. Try again.',
    );
    if (!sent) return;
    notify(`${parsed > 0 ? 'Added' : 'Took off'} ${Math.abs(parsed)} points.`, { type: 'success' });
    close();
    props.onDone();
  }

  return (
    <FormDialog
      open={props.open}
      title="Adjust points"
      submitLabel="Adjust points"
      busy={form.busy}
      submitDisabled={noDeal}
      formError={form.formError}
      maxWidth="xs"
      onSubmit={submit}
      onClose={close}
    >
      {noDeal ? (
        <Alert severity="warning">This offer has no points deal to book a correction on.</Alert>
      ) : (
        <TextField
          select
          label="Deal"
          value={dealId}
          onChange={(event) => setDealId(Number(event.target.value))}
          error={Boolean(form.errors.dealId)}
          helperText={form.errors.dealId}
          required
        >
          {holder.pointsDeals.map((deal) => (
            <MenuItem key={deal.id} value={deal.id}>
              {deal.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label="Points"
        value={points}
        onChange={(event) => setPoints(event.target.value)}
        error={Boolean(form.errors.points)}
        helperText={form.errors.points ?? 'A negative number takes points off.'}
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(form.errors.reason)}
        helperText={form.errors.reason ?? 'Kept with the ledger entry and in the audit log.'}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
