import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { HolderDetail, PointsAdjustmentRequest } from '@trailpass/contract/console';
import { type FormEvent, useId, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { ApiError } from '../../api/errors';
import { adjustPoints } from '../../api/holders';
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
  const titleId = useId();
  const notify = useNotify();
  // A call of our own (not the dataProvider's): a 401 must still send the staff member to sign in.
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [dealId, setDealId] = useState<number | ''>(holder.pointsDeals[0]?.id ?? '');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setPoints('');
    setReason('');
    setErrors({});
    setFormError(null);
    props.onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePoints(points);
    const found: Partial<Record<Field, string>> = {};
    if (!dealId) found.dealId = 'Choose the deal the points are booked on.';
    if (typeof parsed === 'string') found.points = parsed;
    if (!reason.trim()) found.reason = 'A reason is required.';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || typeof parsed === 'string' || dealId === '') return;
    setBusy(true);
    try {
      await adjustPoints(
        { offerId: props.offerId, holderId: holder.id },
        { dealId, points: parsed, reason: reason.trim() },
      );
      notify(`${parsed > 0 ? 'Added' : 'Took off'} ${Math.abs(parsed)} points.`, { type: 'success' });
      close();
      props.onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && (await logoutIfAccessDenied(error))) return;
      if (error instanceof ApiError) {
        setErrors((error.body.errors ?? {}) as Partial<Record<Field, string>>);
        setFormError(error.message);
      } else {
        setFormError('The points could not be adjusted. Try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={props.open}
      onClose={busy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Adjust points</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {holder.pointsDeals.length === 0 ? (
              <Alert severity="warning">This offer has no points deal to book a correction on.</Alert>
            ) : (
              <TextField
                select
                label="Deal"
                value={dealId}
                onChange={(event) => setDealId(Number(event.target.value))}
                error={Boolean(errors.dealId)}
                helperText={errors.dealId}
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
              error={Boolean(errors.points)}
              helperText={errors.points ?? 'A negative number takes points off.'}
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={Boolean(errors.reason)}
              helperText={errors.reason ?? 'Kept with the ledger entry and in the audit log.'}
              required
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || holder.pointsDeals.length === 0}>
            Adjust points
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
