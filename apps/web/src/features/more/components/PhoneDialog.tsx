import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PartnerUser } from '@trailpass/contract';
import { type FormEvent, useId, useState } from 'react';
import { PhoneInput } from '../../../components/phone/PhoneInput';
import { displayPhone, type PhoneValidity, phoneValidity } from '../../../components/phone/phone-number';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { useUpdatePhone } from '../api/phone';

export interface PhoneDialogProps {
  user: PartnerUser;
  open: boolean;
  onClose: () => void;
  /** After the server saved it: the new number in E.164, or null when it was removed. */
  onSaved: (phone: string | null) => void;
}

function SaveError({ error }: { error: unknown }) {
  const { t } = useTranslation('more');
  if (isApiError(error, 429)) return t('phoneTooOften');
  if (isApiError(error, 400)) return t('phoneInvalid');
  return t('phoneNotSaved');
}

/**
 * The holder's phone (spec 7 Update phone) with the shared phone input (spec 2.19): an optional number
 * in international format. Saving sends it in E.164, or null when the field was emptied.
 */
export default function PhoneDialog({ user, open, onClose, onSaved }: PhoneDialogProps) {
  const { t } = useTranslation('more');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  const initial = user.phone ? displayPhone(user.phone) : '';
  const [value, setValue] = useState(initial);
  const [validity, setValidity] = useState<PhoneValidity>(() => phoneValidity(initial, false));
  const save = useUpdatePhone(user.id);
  const phone = value.trim() === '' ? null : validity.e164;
  const unchanged = phone === (user.phone ?? null);
  const canSave = validity.valid && !unchanged && !save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    save.mutate(phone, {
      onSuccess: (saved) => {
        onSaved(saved.phone);
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('phoneNumber')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {t('phoneDialogText')}
          </DialogContentText>
          <PhoneInput
            id={inputId}
            value={value}
            onChange={(next, nextValidity) => {
              setValue(next);
              setValidity(nextValidity);
            }}
            defaultCountry="US"
          />
          {save.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              <SaveError error={save.error} />
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 48 }}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSave}
            loading={save.isPending}
            sx={{ minHeight: 48 }}
          >
            {t('common:save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
