import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from '../../../i18n';
import { cartErrorMessage, useRemoveCartItem } from '../../cart';

/**
 * Spec 4 Existing cart item: the bag holds another reward (one item per cart). Yes deletes it from the
 * order and resets the cart, so this reward can be claimed; Take me back (or Escape) goes back.
 */
export function ClaimReplaceItemDialog({
  itemName,
  onTakeMeBack,
}: {
  itemName: string;
  onTakeMeBack: () => void;
}) {
  const { t } = useTranslation('rewards');
  const remove = useRemoveCartItem();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={remove.isPending ? undefined : onTakeMeBack}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('replaceTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {itemName ? t('replaceText', { name: itemName }) : t('replaceTextUnnamed')}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {cartErrorMessage(remove.error, t('replaceRemoveFailed'))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onTakeMeBack} disabled={remove.isPending}>
          {t('takeMeBack')}
        </Button>
        <Button variant="contained" onClick={() => remove.mutate()} disabled={remove.isPending} autoFocus>
          {t('yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
