import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../i18n';

/** Spec 2.9 and 4: after a pickup is confirmed, Your Pickup Is Completed! with Done. */
export function PickupCompletedDialog({
  open,
  itemName,
  onDone,
  onExited,
}: {
  open: boolean;
  itemName: string | null;
  onDone: () => void;
  /** After the closing transition: the caller moves focus to the item. */
  onExited?: () => void;
}) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onDone}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
      // Focus goes to the confirmed item afterwards, not back to a Confirm Pickup that is gone.
      disableRestoreFocus
      slotProps={{ transition: onExited ? { onExited } : {} }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
      </Box>
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {t('pickupCompletedTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ textAlign: 'center' }}>
          {itemName ? t('itemPickedUp', { name: itemName }) : t('yourItemPickedUp')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" fullWidth onClick={onDone} autoFocus sx={{ minHeight: 48 }}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
