import type { PhoneCountry } from './countries';
import { callingCodeOf } from './phone-number';

/** Lower case without accents, so "sao tome" finds São Tomé & Príncipe. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * Spec 2.19 country search box: a country matches on its name, its two-letter code or its calling code
 * ("+44" or "44"). Order is kept, so US and Canada stay first when they match.
 */
export function searchCountries(countries: readonly PhoneCountry[], query: string): PhoneCountry[] {
  const q = fold(query);
  if (q === '') return [...countries];
  const digits = q.replace(/^\+/, '');
  const byCallingCode = /^\d+$/.test(digits);
  return countries.filter((country) => {
    if (byCallingCode) return callingCodeOf(country.code).startsWith(digits);
    if (q.length === 2 && country.code.toLowerCase() === q) return true;
    return fold(country.name).includes(q);
  });
}
