import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { markShipped } from '../../api/fulfilment';
import { FormDialog } from '../common/FormDialog';
import { useConsoleCall } from '../common/useConsoleCall';
import type { FulfilmentRecord } from '../records';
import { type ShipField, type ShipValues, toMarkShippedRequest } from './shipForm';

const EMPTY: ShipValues = { carrier: '', trackingNumber: '', trackingUrl: '' };

/**
 * "Mark shipped": the carrier and a tracking number or link, which the holder's order page and the shipped
 * e-mail show. A conflict (someone else acted on the item first) closes the dialog with the server's words
 * and refreshes the queue (`onConflict`).
 */
export function ShipDialog(props: {
  offerId: number;
  item: FulfilmentRecord | null;
  onClose: () => void;
  onDone: () => void;
  onConflict: (message: string) => void;
}) {
  const notify = useNotify();
  const call = useConsoleCall();
  const [values, setValues] = useState<ShipValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ShipField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { item } = props;

  function close() {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    props.onClose();
  }

  async function submit() {
    if (!item) return;
    const checked = toMarkShippedRequest(values);
    setFormError(null);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await call(
      () => markShipped({ offerId: props.offerId, itemId: item.itemId }, checked.request),
      'The item could not be marked shipped. Try again.',
    );
    setBusy(false);
    if (outcome.ok) {
      notify(`${item.reward} for ${item.holder.name} is marked shipped.`, { type: 'success' });
      close();
      props.onDone();
    } else if (!outcome.signedOut) {
      if (outcome.error.status === 409) {
        close();
        props.onConflict(outcome.error.message);
        return;
      }
      setErrors((outcome.error.body.errors ?? {}) as Partial<Record<ShipField, string>>);
      setFormError(outcome.error.message);
    }
  }

  const field = (name: ShipField, label: string, helper: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name] ?? ''}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helper}
      {...extra}
    />
  );

  return (
    <FormDialog
      open={item !== null}
      title={item ? `Mark shipped: ${item.reward}` : 'Mark shipped'}
      submitLabel="Mark shipped"
      busy={busy}
      formError={formError}
      onSubmit={submit}
      onClose={close}
    >
      {field('carrier', 'Carrier', 'Like UPS, USPS or FedEx.', { required: true, autoFocus: true })}
      {field('trackingNumber', 'Tracking number', 'A tracking number, a tracking link, or both.')}
      {field('trackingUrl', 'Tracking link', 'Starts with https://.', { type: 'url' })}
    </FormDialog>
  );
}
