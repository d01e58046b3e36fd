import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { Address } from '@trailpass/contract';
import { useId, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { PhoneInput } from '../../../components/phone/PhoneInput';
import { useTranslation } from '../../../i18n';
import {
  type AddressSource,
  formValuesFrom,
  hasRecipient,
  SHIPPING_PHONE_REQUIRED,
  type ShippingFormOutput,
  type ShippingFormValues,
  shippingFormSchema,
  toAddress,
} from '../shipping-form';
import { AddressFields } from './AddressFields';
import { FormTextField } from './FormTextField';

export interface ShippingSubmit {
  shipToSomeoneElse: boolean;
  address: Address;
}

export interface ShippingFormProps {
  /** The pass holder's own e-mail: a gift may not be shipped to it (spec 5). */
  holderEmail: string | null;
  /** The holder's details (the order's customer, else the pass's record): the form when shipping to oneself. */
  customer: AddressSource | null;
  /** The order's recipient, when it has one: the form when shipping to someone else. */
  distribute: AddressSource | null;
  /** Spec 5: the offer gifts and the item is giftable, or the query says giftable. */
  giftable: boolean;
  onSubmit: (shipping: ShippingSubmit) => Promise<void>;
  /** A refusal of the last submit, in words for the holder. */
  submitError?: string | null;
  /** The submit button's text: Next: Review Order in the claim flow (spec 2.7); another where it saves. */
  submitLabel?: string;
}

type LockableField = 'first_name' | 'last_name' | 'email';
const LOCKABLE: LockableField[] = ['first_name', 'last_name', 'email'];

/**
 * Recipient fields that are locked when shipping to oneself: those the holder's record fills validly. A
 * record without a last name, say, leaves that field open, or the form could never be sent.
 */
function lockedFields(values: ShippingFormValues, holderEmail: string | null): Set<LockableField> {
  if (values.shipToSomeoneElse) return new Set();
  const result = shippingFormSchema(holderEmail).safeParse(values);
  const failing = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
  return new Set(LOCKABLE.filter((field) => !failing.has(field)));
}

/**
 * Spec 2.7 and 5 shipping form: the optional Ship to Someone Else checkbox, the recipient (names,
 * e-mail, phone) and the shipping address, and Next: Review Order, enabled only while everything is
 * valid (the phone included) and nothing is being sent.
 */
export function ShippingForm({
  holderEmail,
  customer,
  distribute,
  giftable,
  onSubmit,
  submitError = null,
  submitLabel,
}: ShippingFormProps) {
  const { t } = useTranslation('shipping');
  const recipientHeadingId = useId();
  const addressHeadingId = useId();
  const schema = useMemo(() => shippingFormSchema(holderEmail), [holderEmail]);
  const valuesFor = (shipToSomeoneElse: boolean) =>
    formValuesFrom(shipToSomeoneElse ? distribute : customer, shipToSomeoneElse);

  const [initial] = useState(() => valuesFor(giftable && hasRecipient(distribute)));
  const [locked, setLocked] = useState(() => lockedFields(initial, holderEmail));
  const { control, handleSubmit, reset, getValues, setValue, formState } = useForm<
    ShippingFormValues,
    unknown,
    ShippingFormOutput
  >({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: initial,
  });
  const shipTo = useController({ control, name: 'shipToSomeoneElse' });
  const phone = useController({ control, name: 'phone' });
  const shipToSomeoneElse = shipTo.field.value;

  const toggle = (next: boolean) => {
    // Spec 4: toggling resets the form, keeps the flag, and reloads the fields from the order's recipient
    // (on) or the holder's details (off). Reset also forgets which fields were touched.
    const values = valuesFor(next);
    reset(values);
    setLocked(lockedFields(values, holderEmail));
  };

  const submit = handleSubmit(async (values) => {
    await onSubmit({ shipToSomeoneElse: values.shipToSomeoneElse, address: toAddress(values) });
  });

  // One note for the locked fields rather than the same line under each of them.
  const lockNote = locked.size === 0 ? null : giftable ? t('lockNoteGiftable') : t('lockNote');

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {giftable && (
        <FormControlLabel
          sx={{ minHeight: 48, mr: 0 }}
          control={
            <Checkbox
              name={shipTo.field.name}
              checked={shipToSomeoneElse}
              onChange={(event) => toggle(event.target.checked)}
            />
          }
          label={t('shipToSomeoneElse')}
        />
      )}

      <Box component="section" aria-labelledby={recipientHeadingId}>
        <Typography
          id={recipientHeadingId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, mb: 1 }}
        >
          {shipToSomeoneElse ? t('recipient') : t('yourDetails')}
        </Typography>
        {lockNote && (
          <Typography component="p" variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {lockNote}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="first_name"
            label={t('firstName')}
            autoComplete={shipToSomeoneElse ? 'off' : 'given-name'}
            required
            locked={locked.has('first_name')}
          />
          <FormTextField
            control={control}
            name="last_name"
            label={t('lastName')}
            autoComplete={shipToSomeoneElse ? 'off' : 'family-name'}
            required
            locked={locked.has('last_name')}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <FormTextField
              control={control}
              name="email"
              label={t('emailOptional')}
              type="email"
              inputMode="email"
              autoComplete={shipToSomeoneElse ? 'off' : 'email'}
              locked={locked.has('email')}
              hint={shipToSomeoneElse ? t('emailHint') : undefined}
            />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <PhoneInput
              id="shipping-phone"
              name={phone.field.name}
              label={SHIPPING_PHONE_REQUIRED ? t('phone') : t('phoneOptional')}
              required={SHIPPING_PHONE_REQUIRED}
              value={phone.field.value}
              onChange={(number) => phone.field.onChange(number)}
              onBlur={phone.field.onBlur}
              touched={phone.fieldState.isTouched}
              defaultCountry={getValues('country')}
              inputRef={phone.field.ref}
              helperText={t('phoneHint')}
            />
          </Box>
        </Box>
      </Box>

      <Box component="section" aria-labelledby={addressHeadingId}>
        <Typography id={addressHeadingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('shippingAddress')}
        </Typography>
        <AddressFields control={control} getValues={getValues} setValue={setValue} />
      </Box>

      {submitError && <Alert severity="error">{submitError}</Alert>}

      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!formState.isValid || formState.isSubmitting}
        loading={formState.isSubmitting}
        sx={{ minHeight: 48 }}
      >
        {submitLabel ?? t('nextReviewOrder')}
      </Button>
    </Box>
  );
}
