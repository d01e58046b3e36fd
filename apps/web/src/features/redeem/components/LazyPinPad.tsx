import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ComponentType, lazy } from 'react';
import { importWithTimeout } from '../../../lib/lazy';
import type { PinPadDialogProps } from './PinPadDialog';

/** Fetches the pad's chunk; call it as a button is reached for (pointer enter, focus) so it opens at once. */
export const loadPinPad = () => importWithTimeout(() => import('./PinPadDialog'));

/** Starts loading the pad's chunk, ignoring a failure (the dialog reports it when it is opened). */
export function preloadPinPad(): void {
  void loadPinPad().catch(() => undefined);
}

/** When the pad's chunk cannot load (offline), say so in place of the dialog, and let it be closed. */
export function PinPadUnavailable({ open, onClose }: PinPadDialogProps) {
  if (!open) return null;
  return (
    <Box role="alert" sx={{ mt: 1 }}>
      <Typography variant="body2" color="error">
        The code pad could not be loaded. Check your connection, reload the page and try again.
      </Typography>
      <Button size="small" onClick={onClose} sx={{ minHeight: 48 }}>
        OK
      </Button>
    </Box>
  );
}

/**
 * Spec 2.18 PIN pad in its own chunk, loaded when a holder first reaches for it: no page's first JS
 * carries the pad. Render it inside Suspense; every redeem and pickup action uses this one.
 */
export const LazyPinPadDialog = lazy<ComponentType<PinPadDialogProps>>(() =>
  loadPinPad().catch((error: unknown) => {
    console.warn('The PIN pad could not be loaded', error);
    return { default: PinPadUnavailable };
  }),
);
