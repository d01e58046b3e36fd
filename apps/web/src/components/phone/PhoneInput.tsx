import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  type ChangeEvent,
  type ComponentType,
  type KeyboardEvent,
  lazy,
  type Ref,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from '../../i18n';
import { importWithTimeout } from '../../lib/lazy';
import type { CountryPickerDialogProps } from './CountryPickerDialog';
import { phoneCountryName } from './countries';
import { Flag } from './Flag';
import {
  type CountryCode,
  callingCodeOf,
  countryOfNumber,
  formatInternational,
  keepPhoneCharacters,
  type PhoneValidity,
  phoneValidity,
  withCountry,
} from './phone-number';

/** Shown in place of the country list when its chunk cannot load (offline, a new deploy). */
function CountryPickerUnavailable({ open, onClose }: CountryPickerDialogProps) {
  const { t } = useTranslation('components');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="country-picker-unavailable">
      <DialogTitle id="country-picker-unavailable">{t('countryListUnavailable')}</DialogTitle>
      <DialogContent>{t('countryListUnavailableBody')}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ok')}</Button>
      </DialogActions>
    </Dialog>
  );
}

const CountryPickerDialog = lazy<ComponentType<CountryPickerDialogProps>>(() =>
  importWithTimeout(() => import('./CountryPickerDialog')).catch((error: unknown) => {
    console.warn('The country list could not be loaded', error);
    return { default: CountryPickerUnavailable };
  }),
);

export interface PhoneInputProps {
  id: string;
  value: string;
  /** Spec 2.19: the trimmed number as shown (international format) and its validity. */
  onChange: (number: string, validity: PhoneValidity) => void;
  onBlur?: () => void;
  /** Phone (in the holder's language) by default. */
  label?: string;
  name?: string;
  /** Spec 5: required and empty gives Phone number is required; optional and empty is valid. */
  required?: boolean;
  disabled?: boolean;
  /** Enter a phone number (in the holder's language) by default. */
  placeholder?: string;
  /** The country for a number typed without a plus until one is chosen or typed. */
  defaultCountry?: CountryCode;
  /** Whether the holder has left the field; when not given, the input keeps track itself. */
  touched?: boolean;
  /** Shown under the field while no error is. */
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Spec 2.19 shared phone input, international mode: the number always reads with its calling code
 * (+1 920 555 0123), formatted as it is typed; only phone characters are kept; a flag button opens the
 * country list with a search box; Enter does nothing (it must not submit the form around it). Errors of
 * spec 5 show once the field was left.
 */
export function PhoneInput({
  id,
  value,
  onChange,
  onBlur,
  label,
  name,
  required = false,
  disabled = false,
  placeholder,
  defaultCountry = 'US',
  touched,
  helperText,
  inputRef,
}: PhoneInputProps) {
  const { t, language } = useTranslation('components');
  const [chosen, setChosen] = useState<CountryCode>(() => countryOfNumber(value, defaultCountry));
  const [touchedHere, setTouchedHere] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // The dialog's chunk is fetched on the first press only, and stays mounted for its closing animation.
  const [pickerWanted, setPickerWanted] = useState(false);

  const country = countryOfNumber(value, chosen);
  const callingCode = callingCodeOf(country);
  const validity = phoneValidity(value, required);
  const showError = (touched ?? touchedHere) && !validity.valid;
  const countryName = phoneCountryName(country, language);

  const emit = (next: string) => {
    const trimmed = next.trim();
    onChange(trimmed, phoneValidity(trimmed, required));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const caret = event.target.selectionStart ?? typed.length;
    if (caret >= typed.length) {
      const formatted = formatInternational(typed, country);
      setChosen(formatted.country);
      emit(formatted.text);
    } else {
      // Editing inside the number: reformatting now would throw the caret to the end, so the text is
      // only cleaned; it is formatted when the field is left.
      const cleaned = keepPhoneCharacters(typed);
      setChosen(countryOfNumber(cleaned, country));
      emit(cleaned);
    }
  };

  const handleBlur = () => {
    setTouchedHere(true);
    const formatted = formatInternational(value, country).text;
    if (formatted !== value) emit(formatted);
    onBlur?.();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Spec 2.19: Enter is blocked, so it neither submits the surrounding form nor inserts anything.
    if (event.key === 'Enter') event.preventDefault();
  };

  const choose = (next: CountryCode) => {
    setPickerOpen(false);
    setChosen(next);
    if (next !== country) emit(withCountry(value, country, next));
  };

  return (
    <>
      <TextField
        id={id}
        name={name}
        label={label ?? t('phone')}
        value={value}
        onChange={handleChange}
        onBlur={handleBlur}
        inputRef={inputRef}
        type="tel"
        placeholder={placeholder ?? t('phonePlaceholder')}
        required={required}
        disabled={disabled}
        fullWidth
        error={showError}
        helperText={showError ? validity.message : (helperText ?? ' ')}
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            startAdornment: (
              <InputAdornment position="start" sx={{ mr: 0.5 }}>
                <ButtonBase
                  onClick={() => {
                    setPickerWanted(true);
                    setPickerOpen(true);
                  }}
                  disabled={disabled}
                  aria-haspopup="dialog"
                  aria-label={t('changeCountry', { country: countryName, callingCode })}
                  sx={{
                    minHeight: 48,
                    minWidth: 48,
                    ml: -1,
                    px: 1,
                    gap: 0.5,
                    borderRadius: 1,
                    color: 'text.primary',
                    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <Flag country={country} />
                  <ArrowDropDownIcon fontSize="small" aria-hidden="true" />
                </ButtonBase>
              </InputAdornment>
            ),
          },
          htmlInput: {
            autoComplete: 'tel',
            inputMode: 'tel',
            onKeyDown: handleKeyDown,
            'aria-invalid': showError,
          },
        }}
      />
      {pickerWanted && (
        <Suspense fallback={null}>
          <CountryPickerDialog
            open={pickerOpen}
            value={country}
            onSelect={choose}
            onClose={() => setPickerOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
