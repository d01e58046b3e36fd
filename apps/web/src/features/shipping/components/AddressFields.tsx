import Box from '@mui/material/Box';
import { useMemo } from 'react';
import type { Control, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { type TFunction, useTranslation } from '../../../i18n';
import { regionName } from '../region-names';
import { ADDRESS_COUNTRIES, type AddressCountry, addressCountry, regionsOf, stateIn } from '../regions';
import type { ShippingFormValues } from '../shipping-form';
import { FormTextField } from './FormTextField';

export interface AddressFieldsProps {
  control: Control<ShippingFormValues>;
  getValues: UseFormGetValues<ShippingFormValues>;
  setValue: UseFormSetValue<ShippingFormValues>;
}

/**
 * Spec 5 street address, Suite/Apt (optional), country (US or CA), state (the country's list), city and
 * zip or postal code. The autocomplete tokens say "shipping", so a browser fills the shipping address.
 */
/** A country we ship to, by name in the chosen language. */
function countryName(code: AddressCountry, t: TFunction<'shipping'>): string {
  return code === 'CA' ? t('countryCA') : t('countryUS');
}

export function AddressFields({ control, getValues, setValue }: AddressFieldsProps) {
  const { t, language } = useTranslation('shipping');
  const country = useWatch({ control, name: 'country' });
  // In the chosen language's names, in its alphabetical order (English: the list's own order).
  const regions = useMemo(() => {
    const named = regionsOf(country).map((option) => ({
      code: option.code,
      name: regionName(country, option.code, option.name, t),
    }));
    return language === 'en' ? named : named.sort((a, b) => a.name.localeCompare(b.name, language));
  }, [country, language, t]);
  // How each country names its regions and postal codes.
  const canada = country === 'CA';

  const changeCountry = (value: string) => {
    // Spec 5: a state that is not in the new country's list is cleared.
    const next = addressCountry(value);
    const state = getValues('state');
    const kept = stateIn(next, state);
    if (kept !== state) setValue('state', kept, { shouldValidate: true });
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormTextField
          control={control}
          name="address"
          label={t('streetAddress')}
          autoComplete="shipping address-line1"
          required
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormTextField
          control={control}
          name="address_2"
          label={t('suiteApt')}
          autoComplete="shipping address-line2"
        />
      </Box>
      <FormTextField
        control={control}
        name="country"
        label={t('country')}
        autoComplete="shipping country"
        required
        select
        onValueChange={changeCountry}
      >
        {ADDRESS_COUNTRIES.map((option) => (
          <option key={option.code} value={option.code}>
            {countryName(option.code, t)}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="state"
        label={canada ? t('province') : t('state')}
        autoComplete="shipping address-level1"
        required
        select
      >
        <option value="">{canada ? t('chooseProvince') : t('chooseState')}</option>
        {regions.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="city"
        label={t('city')}
        autoComplete="shipping address-level2"
        required
      />
      <FormTextField
        control={control}
        name="zip_code"
        label={canada ? t('postalCode') : t('zipCode')}
        autoComplete="shipping postal-code"
        required
      />
    </Box>
  );
}
