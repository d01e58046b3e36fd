import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { PopperProps } from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import { type PhoneCountry, phoneCountries } from './countries';
import { searchCountries } from './country-search';
import { Flag } from './Flag';
import { type CountryCode, callingCodeOf } from './phone-number';

export interface CountryPickerDialogProps {
  open: boolean;
  /** The country chosen now; it is marked selected in the list. */
  value: CountryCode;
  onSelect: (country: CountryCode) => void;
  onClose: () => void;
}

const DIALOG_HEIGHT = 'min(640px, calc(100dvh - 64px))';

/**
 * The list shows inside the dialog under the search box, not in a floating popper: on a phone the
 * dialog is the whole picker, and the list keeps its place when the keyboard opens.
 */
function InlineList({ className, style, role, id, children }: PopperProps) {
  return (
    // In the flow under the search box (MUI places a portal-less popper absolutely), as wide as the box.
    <div
      className={className}
      style={{ ...(style as CSSProperties), position: 'static', width: '100%' }}
      role={role}
      id={id}
    >
      {children as ReactNode}
    </div>
  );
}

/**
 * Spec 2.19 flags and a country search box: a dialog with a combobox (type a name, a two-letter code or
 * a calling code; arrows and Enter choose) over the list of about 250 countries, US and Canada first.
 * Its own chunk: the phone input loads it when the country button is first pressed.
 */
export default function CountryPickerDialog({ open, value, onSelect, onClose }: CountryPickerDialogProps) {
  const { t, language } = useTranslation('components');
  const titleId = useId();
  const [query, setQuery] = useState('');
  const countries = phoneCountries(language);
  const selected = countries.find((country) => country.code === value) ?? null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{
        transition: { onExited: () => setQuery('') },
        // A fixed height, so the search box stays put while the list grows and shrinks as you type.
        paper: { sx: { height: DIALOG_HEIGHT } },
      }}
    >
      <DialogTitle id={titleId}>{t('chooseCountry')}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <Autocomplete<PhoneCountry, false, true>
          open
          disablePortal
          autoHighlight
          disableClearable
          forcePopupIcon={false}
          options={countries}
          value={selected ?? undefined}
          inputValue={query}
          onInputChange={(_event, text, reason) => {
            // Only what the holder types filters the list; choosing or closing does not refill the box.
            if (reason === 'input' || reason === 'clear') setQuery(text);
          }}
          onChange={(_event, country) => onSelect(country.code)}
          onClose={(_event, reason) => {
            if (reason === 'escape') onClose();
          }}
          filterOptions={(options, state) => searchCountries(options, state.inputValue)}
          getOptionLabel={(country) => country.name}
          isOptionEqualToValue={(option, current) => option.code === current.code}
          noOptionsText={t('noCountryMatches')}
          slots={{ popper: InlineList }}
          slotProps={{
            paper: { elevation: 0 },
            listbox: {
              sx: {
                // The dialog less its title, search box and Cancel.
                maxHeight: `calc(${DIALOG_HEIGHT} - 216px)`,
                '& .MuiAutocomplete-option': { gap: 1.5, minHeight: 48 },
                '& .country-name': { flex: 1 },
                '& .country-code': { color: 'text.secondary' },
              },
            },
          }}
          renderOption={(props, country) => {
            // Plain elements styled once by the listbox: about 250 rows, each with its own sx, would
            // make opening the list slow on a phone.
            const { key, ...optionProps } = props;
            return (
              <li key={key} {...optionProps}>
                <Flag country={country.code} plain />
                <span className="country-name">{country.name}</span>
                <span className="country-code">+{callingCodeOf(country.code)}</span>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={t('searchCountries')}
              placeholder={t('searchCountriesPlaceholder')}
              margin="dense"
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off', spellCheck: false },
              }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
