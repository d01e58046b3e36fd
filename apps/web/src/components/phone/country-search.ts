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
 * How well a country matches: 0 best. By calling code: the exact code, then codes starting with the
 * digits. By text: the two-letter code or a name that starts with it, then a word of the name that does
 * ("king" finds United Kingdom before Burkina Faso), then the name containing it anywhere.
 */
function rank(country: PhoneCountry, query: string): number | null {
  const digits = query.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) {
    const code = callingCodeOf(country.code);
    if (code === digits) return 0;
    return code.startsWith(digits) ? 1 : null;
  }
  const name = fold(country.name);
  if (name.startsWith(query) || (query.length === 2 && country.code.toLowerCase() === query)) return 0;
  if (name.split(/[\s&().-]+/).some((word) => word.startsWith(query))) return 1;
  return name.includes(query) ? 2 : null;
}

/**
 * Spec 2.19 country search box: a country matches on its name, its two-letter code or its calling code
 * ("+44" or "44"); the best matches come first, and within each the list's own order (US and Canada
 * first, then by name). An empty query lists every country.
 */
export function searchCountries(countries: readonly PhoneCountry[], query: string): PhoneCountry[] {
  const q = fold(query);
  if (q === '') return [...countries];
  const ranked: { country: PhoneCountry; rank: number; index: number }[] = [];
  countries.forEach((country, index) => {
    const r = rank(country, q);
    if (r !== null) ranked.push({ country, rank: r, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((entry) => entry.country);
}
