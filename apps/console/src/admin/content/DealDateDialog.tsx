import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogueDeal } from '@trailpass/contract/console';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { updateDeal } from '../../api/content';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import { formatInZone } from '../messages/zonedTime';
import { type DealDateValues, type DealField, dealDateValues, isPast, toDealUpdate } from './dealForm';

/**
 * "Change date" on a deal: when its points expire and it stops earning, entered on the partner's wall
 * clock (`timeZone`), or no date at all.
 */
export function DealDateDialog(props: {
  offerId: number;
  timeZone: string;
  deal: CatalogueDeal | null;
  onClose: () => void;
  onSaved: (deal: CatalogueDeal) => void;
}) {
  const { deal, timeZone } = props;
  const notify = useNotify();
  const form = useDialogForm<DealField>();
  const [draft, setDraft] = useState<{ id: number; values: DealDateValues } | null>(null);
  const values = deal ? (draft?.id === deal.id ? draft.values : dealDateValues(deal, timeZone)) : null;

  function change(update: Partial<DealDateValues>) {
    if (deal && values) setDraft({ id: deal.id, values: { ...values, ...update } });
  }

  function close() {
    setDraft(null);
    form.reset();
    props.onClose();
  }

  async function submit() {
    if (!deal || !values) return;
    const outcome = toDealUpdate(deal, values, timeZone);
    if (!form.check('errors' in outcome ? outcome.errors : {}) || 'errors' in outcome) return;
    if ('unchanged' in outcome) {
      notify(`Nothing to save: ${deal.name} keeps its date.`, { type: 'info' });
      close();
      return;
    }
    const sent = await form.send(
      () => updateDeal({ offerId: props.offerId, dealId: deal.id }, outcome.request),
      'The date could not be saved. Try again.',
    );
    if (!sent) return;
    const until = sent.value.pointsValidUntil;
    notify(
      until ? `${deal.name} now ends ${formatInZone(until, timeZone)}.` : `${deal.name} has no date now.`,
      { type: 'success' },
    );
    props.onSaved(sent.value);
    close();
  }

  const past = values && !values.noDate && isPast(values.wallTime, timeZone, new Date());
  return (
    <FormDialog
      open={deal !== null}
      title={deal ? `Change the date of ${deal.name}` : 'Change the date'}
      submitLabel="Save date"
      busy={form.busy}
      formError={form.formError}
      maxWidth="xs"
      onSubmit={submit}
      onClose={close}
    >
      {deal && values && (
        <>
          <Typography>
            The deal’s points expire on this date and it stops earning then. Points already earned keep their
            expiry date.
          </Typography>
          <TextField
            type="datetime-local"
            label={`Date (${timeZone})`}
            value={values.wallTime}
            onChange={(event) => change({ wallTime: event.target.value })}
            disabled={values.noDate}
            error={Boolean(form.errors.pointsValidUntil)}
            helperText={form.errors.pointsValidUntil ?? `The partner’s time zone, ${timeZone}.`}
            autoFocus={!values.noDate}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={values.noDate}
                onChange={(event) => change({ noDate: event.target.checked })}
              />
            }
            label="No date"
          />
          {past && (
            <Alert severity="warning">
              This time has passed: the deal stops earning points as soon as it is saved.
            </Alert>
          )}
        </>
      )}
    </FormDialog>
  );
}
