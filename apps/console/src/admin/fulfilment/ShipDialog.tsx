import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { markShipped } from '../../api/fulfilment';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
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
  const form = useDialogForm<ShipField>();
  const [values, setValues] = useState<ShipValues>(EMPTY);
  const { item } = props;

  function close() {
    setValues(EMPTY);
    form.reset();
    props.onClose();
  }

  async function submit() {
    if (!item) return;
    const checked = toMarkShippedRequest(values);
    if (!form.check('errors' in checked ? checked.errors : {}) || 'errors' in checked) return;
    const sent = await form.send(
      () => markShipped({ offerId: props.offerId, itemId: item.itemId }, checked.request),
      'The item could not be marked shipped. Try again.',
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
    notify(`${item.reward} for ${item.holder.name} is marked shipped.`, { type: 'success' });
    close();
    props.onDone();
  }

  const field = (name: ShipField, label: string, helper: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name] ?? ''}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(form.errors[name])}
      helperText={form.errors[name] ?? helper}
      {...extra}
    />
  );

  return (
    <FormDialog
      open={item !== null}
      title={item ? `Mark shipped: ${item.reward}` : 'Mark shipped'}
      submitLabel="Mark shipped"
      busy={form.busy}
      formError={form.formError}
      onSubmit={submit}
      onClose={close}
    >
      {field('carrier', 'Carrier', 'Like UPS, USPS or FedEx.', { required: true, autoFocus: true })}
      {field('trackingNumber', 'Tracking number', 'A tracking number, a tracking link, or both.')}
      {field('trackingUrl', 'Tracking link', 'Starts with https://.', { type: 'url' })}
    </FormDialog>
  );
}
