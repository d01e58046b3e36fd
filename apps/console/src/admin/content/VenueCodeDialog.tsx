import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CatalogueVenue, VenueCodeIssued } from '@trailpass/contract/console';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { changeVenueCode } from '../../api/content';
import { FormDialog } from '../common/FormDialog';
import { useDialogForm } from '../common/useDialogForm';
import { toVenueCodeRequest } from './catalogue';

/**
 * "New check-in code" on a venue, in two steps of one dialog: the question (the old code stops working at
 * once; the staff member may type the new one), then the new code, large, until dismissed: the server
 * gives it in this answer only, so it cannot be shown again.
 */
export function VenueCodeDialog(props: {
  offerId: number;
  venue: CatalogueVenue | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { venue } = props;
  const notify = useNotify();
  const form = useDialogForm<'code'>();
  const [code, setCode] = useState('');
  const [issued, setIssued] = useState<VenueCodeIssued | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const shown = useRef<HTMLParagraphElement>(null);

  // The new code takes the focus, so that a screen reader reads it out as the dialog changes.
  useEffect(() => {
    if (issued) shown.current?.focus();
  }, [issued]);

  function close() {
    setCode('');
    setIssued(null);
    setCopied(null);
    form.reset();
    props.onClose();
  }

  async function change() {
    if (!venue) return;
    const checked = toVenueCodeRequest(code);
    if (!form.check('errors' in checked ? checked.errors : {}) || 'errors' in checked) return;
    const sent = await form.send(
      () => changeVenueCode({ offerId: props.offerId, venueId: venue.id }, checked.request),
      'The check-in code could not be changed. Try again.',
    );
    if (!sent) return;
    setIssued(sent.value);
    notify(`${venue.name} has a new check-in code.`, { type: 'success' });
    props.onChanged();
  }

  async function copy() {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.code);
      setCopied('yes');
    } catch {
      // No clipboard permission (an insecure origin, a denied prompt): the code is on the screen.
      setCopied('failed');
    }
  }

  const name = venue?.name ?? 'the venue';
  if (issued)
    return (
      <FormDialog
        open={venue !== null}
        title={`New check-in code for ${name}`}
        submitLabel="Copy code"
        dismissLabel="Done"
        busy={false}
        formError={null}
        maxWidth="xs"
        onSubmit={copy}
        onClose={close}
      >
        <Alert severity="warning">
          Note it now: the code is shown only this once. The old code no longer works.
        </Alert>
        <Box sx={{ textAlign: 'center' }}>
          <Typography color="text.secondary">The new code is</Typography>
          <Typography
            ref={shown}
            tabIndex={-1}
            component="p"
            data-testid="new-venue-code"
            sx={{
              fontSize: '3rem',
              fontWeight: 700,
              letterSpacing: '0.3em',
              fontFamily: 'monospace',
              outline: 'none',
            }}
          >
            {issued.code}
          </Typography>
        </Box>
        <div role="status" aria-live="polite">
          {copied === 'yes' && 'Copied to the clipboard.'}
          {copied === 'failed' && 'Could not copy: note the code down.'}
        </div>
      </FormDialog>
    );

  return (
    <FormDialog
      open={venue !== null}
      title={`New check-in code for ${name}?`}
      submitLabel="Change code"
      dismissLabel="Keep the current code"
      danger
      busy={form.busy}
      formError={form.formError}
      maxWidth="xs"
      onSubmit={change}
      onClose={close}
    >
      <Typography>
        {venue?.hasCode
          ? `The current code stops working at once: holders checking in or redeeming at ${name} need the new one. This cannot be undone.`
          : `${name} has no check-in code yet; from now on holders need this one to check in or redeem there.`}
      </Typography>
      <TextField
        label="Choose the code yourself"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(form.errors.code)}
        helperText={form.errors.code ?? 'Optional: 4 digits. Leave it empty and a code is chosen for you.'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' } }}
      />
    </FormDialog>
  );
}
