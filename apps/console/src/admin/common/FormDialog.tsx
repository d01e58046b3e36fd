import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useId } from 'react';

/**
 * A dialog holding a small form: its fields, the server's message for the whole form (read out as an
 * alert), a dismiss button and a submit button. MUI's Dialog keeps focus inside and gives it back to the
 * button that opened it; Escape closes it unless a call is under way.
 */
export function FormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  dismissLabel?: string;
  busy: boolean;
  /** The submit button stays disabled (the form cannot be sent, as the dialog's text says). */
  submitDisabled?: boolean;
  formError: string | null;
  danger?: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {props.formError && (
              <Alert severity="error" role="alert">
                {props.formError}
              </Alert>
            )}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.busy}>
            {props.dismissLabel ?? 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.danger ? 'error' : 'primary'}
            disabled={props.busy || props.submitDisabled}
          >
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
