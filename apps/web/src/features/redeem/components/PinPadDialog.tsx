import BackspaceOutlinedIcon from '@mui/icons-material/BackspaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PIN_LENGTH } from '@trailpass/contract';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { usePinEntry } from '../pin-entry';

export interface PinPadDialogProps {
  open: boolean;
  /** The redeem call is running: the pad waits and cannot be closed. */
  pending: boolean;
  /** The last attempt's validation errors (spec 8): they replace the help text, and clear the pin. */
  errors: readonly string[];
  /** Clears the pin each time it turns true (spec 4). */
  reset?: boolean;
  onSubmit: (pin: string) => void;
  onClose: () => void;
  /** After the closing transition: where the caller moves focus next. */
  onExited?: () => void;
}

const KEY_SIZE = 56;
const DIGIT_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The four slots: a dot for each digit entered (the code stays private), the next one outlined. */
function PinSlots({ length }: { length: number }) {
  const { t } = useTranslation('redeem');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1.5, my: 2 }}>
      <Box sx={{ display: 'contents' }} aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, slot) => (
          <Box
            // The slots are fixed positions, never reordered.
            // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position
            key={slot}
            data-filled={slot < length ? 'true' : 'false'}
            sx={{
              width: 48,
              height: 56,
              borderRadius: 1,
              border: 2,
              borderColor: slot === length ? 'primary.main' : 'divider',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: '2rem',
              lineHeight: 1,
            }}
          >
            {slot < length ? '•' : ''}
          </Box>
        ))}
      </Box>
      {/* Read out as digits are entered or deleted, without saying which. */}
      <Box component="span" aria-live="polite" sx={visuallyHidden}>
        {t('digitsEntered', { count: length, total: PIN_LENGTH })}
      </Box>
    </Box>
  );
}

/**
 * Spec 2.18 Pin pad: a persistent, scrollable dialog with the help text, four slots, keys 1-9, 0 and
 * Delete, and Continue (only at four digits, spec 4). The venue's staff type the code on the holder's
 * phone; a physical keyboard works too (digits, Backspace, Enter). Validation errors replace the help
 * text as one red alert listing each message; the pin is cleared after every attempt.
 */
export default function PinPadDialog({
  open,
  pending,
  errors,
  reset = false,
  onSubmit,
  onClose,
  onExited,
}: PinPadDialogProps) {
  const { t } = useTranslation('redeem');
  const titleId = useId();
  const helpId = useId();
  // Closing counts as a reset: each opening starts empty (the dialog stays mounted between openings).
  const { pin, complete, append, remove } = usePinEntry({ reset: reset || !open, errors, pending });
  const firstKey = useRef<HTMLButtonElement>(null);

  // When an attempt ends the pad is empty and Continue disabled: the keys are where the next code goes.
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending && open) firstKey.current?.focus();
    wasPending.current = pending;
  }, [pending, open]);

  const submit = () => {
    if (complete && !pending) onSubmit(pin);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (pending || event.altKey || event.ctrlKey || event.metaKey) return;
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      append(event.key);
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      remove();
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      // On a button, Enter presses that button instead.
      event.preventDefault();
      submit();
    }
  };

  const keySx = { minHeight: KEY_SIZE, fontSize: '1.5rem', fontWeight: 600 } as const;

  return (
    <Dialog
      open={open}
      // Persistent: a tap beside it does not close it, and nothing closes it while the code is checked.
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' || pending) return;
        onClose();
      }}
      scroll="paper"
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
      slotProps={{ transition: onExited ? { onExited } : {} }}
    >
      <DialogTitle id={titleId}>{t('pinPadTitle')}</DialogTitle>
      <DialogContent dividers>
        {errors.length > 0 ? (
          <Alert severity="error" id={helpId}>
            {errors.length === 1 ? (
              errors[0]
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        ) : (
          <DialogContentText id={helpId}>{t('pinPadHelp')}</DialogContentText>
        )}
        <PinSlots length={pin.length} />
        <Box
          role="group"
          aria-label={t('keypad')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, maxWidth: 320, mx: 'auto' }}
        >
          {DIGIT_KEYS.map((digit) => (
            <Button
              key={digit}
              ref={digit === '1' ? firstKey : undefined}
              variant="outlined"
              disabled={pending}
              onClick={() => append(digit)}
              sx={keySx}
            >
              {digit}
            </Button>
          ))}
          <Button
            variant="outlined"
            disabled={pending}
            onClick={() => append('0')}
            sx={{ ...keySx, gridColumn: 2 }}
          >
            0
          </Button>
          <Button variant="outlined" disabled={pending} onClick={remove} aria-label={t('delete')} sx={keySx}>
            <BackspaceOutlinedIcon aria-hidden="true" />
          </Button>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!complete}
          loading={pending}
          onClick={submit}
          sx={{ minHeight: 48, minWidth: 120 }}
        >
          {t('continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
