import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../i18n';

/** The modal after a form was sent: a title, one sentence, and OK (focused, so Enter closes it). */
export function ConfirmationDialog({
  open,
  title,
  message,
  onClose,
  onExited,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  onExited?: () => void;
}) {
  const { t } = useTranslation('support');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={onExited ? { transition: { onExited } } : {}}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus sx={{ minHeight: 48, minWidth: 64 }}>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
