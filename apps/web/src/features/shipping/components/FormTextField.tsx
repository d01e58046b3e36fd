import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, useController } from 'react-hook-form';
import { type TFunction, useTranslation } from '../../../i18n';
import {
  INVALID_EMAIL_MESSAGE,
  maxLengthOf,
  REQUIRED_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
  type ShippingFormValues,
} from '../shipping-form';

export interface FormTextFieldProps {
  control: Control<ShippingFormValues>;
  name: Exclude<FieldPath<ShippingFormValues>, 'shipToSomeoneElse'>;
  label: string;
  autoComplete: string;
  required?: boolean;
  /** Shown, read-only, from the pass holder's record (spec 5: recipient fields are locked). */
  locked?: boolean;
  /** Under the field while it has no error. */
  hint?: ReactNode;
  inputMode?: 'text' | 'email' | 'numeric';
  type?: TextFieldProps['type'];
  /** A native select with these options (native: the phone's own picker, and browser autofill works). */
  children?: ReactNode;
  select?: boolean;
  onValueChange?: (value: string) => void;
}

/**
 * One shipping field bound to the form. Its error shows once the holder has left the field (spec 5 "the
 * error shows only after the field was touched"), or at once on a locked field, which cannot be left
 * in any useful way; MUI ties the message to the input with aria-describedby.
 */
/**
 * A rule's message (shipping-form.ts writes the English one) in the chosen language; another message
 * (the phone's, the server's) is shown as it is.
 */
function fieldErrorText(message: string, t: TFunction<'shipping'>): string {
  if (message === REQUIRED_MESSAGE) return t('required');
  if (message === INVALID_EMAIL_MESSAGE) return t('invalidEmail');
  if (message === SHIP_TO_SELF_MESSAGE) return t('shipToSelf');
  const limit = maxLengthOf(message);
  if (limit !== null) return t('maxLength', { count: limit });
  return message;
}

export function FormTextField({
  control,
  name,
  label,
  autoComplete,
  required = false,
  locked = false,
  hint,
  inputMode,
  type,
  children,
  select = false,
  onValueChange,
}: FormTextFieldProps) {
  const { t } = useTranslation('shipping');
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const message = error ? fieldErrorText(error, t) : undefined;
  const showError = Boolean(message) && (fieldState.isTouched || locked);
  return (
    <TextField
      id={`shipping-${name}`}
      name={field.name}
      value={field.value}
      onChange={(event) => {
        field.onChange(event);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      type={type}
      select={select}
      fullWidth
      error={showError}
      helperText={showError ? message : (hint ?? ' ')}
      slotProps={{
        select: select ? { native: true } : undefined,
        inputLabel: select ? { shrink: true } : undefined,
        htmlInput: {
          autoComplete,
          inputMode,
          readOnly: locked,
          ...(inputMode === 'email' ? { spellCheck: false, autoCapitalize: 'none' } : {}),
        },
      }}
      sx={locked ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
    >
      {children}
    </TextField>
  );
}
