import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, resetLanguageForTests } from '../i18n/language';
import {
  DEFAULT_PARTNER_DATETIME_FORMAT,
  formatDate,
  formatPartnerDateTime,
  formatWallClock,
  ORDER_DETAILS_DATE_FORMAT,
  ORDER_HISTORY_DATE_FORMAT,
  POINTS_DATE_FORMAT,
  SLOT_TIME_FORMAT,
} from './dates';
import { userLocale } from './distance';
import { formatCurrency, formatNumber } from './number-format';

// Issue 32 item 2 (decision 0050): dates, numbers and money in the holder's language. English is what
// dates.test.ts and number-format.test.ts pin (the spec's patterns); these are the other languages.

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  resetLanguageForTests();
});

function inLanguage(language: 'en' | 'es' | 'fr' | 'de' | 'en-XA', ...browser: string[]) {
  if (browser.length > 0) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(browser[0] ?? '');
  }
  resetLanguageForTests('?t=tok');
  chooseLanguage(language);
}

describe('dates in the holder language', () => {
  it('writes the spec formats with the locale words and order, in the same zone', () => {
    inLanguage('es', 'es-ES');
    // 2024-03-02 17:30 UTC is 11:30 in Chicago.
    expect(formatPartnerDateTime('2024-03-02T17:30:00Z', 'America/Chicago')).toBe('2 mar 2024, 11:30');
    expect(formatPartnerDateTime('2024-03-02', 'America/Chicago', POINTS_DATE_FORMAT)).toBe('2 mar 2024');
    expect(formatDate('2024-03-02', ORDER_HISTORY_DATE_FORMAT)).toBe('sábado, 2 de marzo de 2024');
    inLanguage('de', 'de-DE');
    expect(formatDate('2024-03-02', ORDER_DETAILS_DATE_FORMAT)).toBe('2. März 2024');
    expect(formatWallClock('2024-11-24', '16:00', 'America/Chicago', SLOT_TIME_FORMAT)).toBe('16:00');
    inLanguage('fr', 'fr-FR');
    expect(
      formatPartnerDateTime('2024-03-02T17:30:00Z', 'America/Chicago', DEFAULT_PARTNER_DATETIME_FORMAT),
    ).toBe('2 mars 2024, 11:30');
  });

  it('keeps English exactly (dayjs, the spec patterns), and accents it in the pseudo-locale', () => {
    inLanguage('en', 'en-US');
    expect(formatPartnerDateTime('2024-03-02T17:30:00Z', 'America/Chicago')).toBe('Mar 2, 2024,  11:30 AM');
    inLanguage('en-XA', 'en-US');
    expect(formatDate('2024-03-02', POINTS_DATE_FORMAT)).toBe('Ḿáŕ 2, 2024');
    expect(formatDate('', POINTS_DATE_FORMAT)).toBe('');
  });

  it('keeps a format it has no equivalent for in English', () => {
    inLanguage('es', 'es-ES');
    expect(formatDate('2024-03-02', 'YYYY/MM/DD')).toBe('2024/03/02');
  });
});

describe('numbers and money in the holder language', () => {
  it('writes numbers in the locale of the language, the browser one in English as before', () => {
    inLanguage('en', 'en-US');
    expect(userLocale()).toBe('en-US');
    expect(formatNumber(12345, userLocale())).toBe('12,345');
    expect(formatCurrency(12.5)).toBe('$12.50');
    inLanguage('de', 'de-DE');
    expect(userLocale()).toBe('de-DE');
    expect(formatNumber(12345, userLocale())).toBe('12.345');
    expect(formatCurrency(12.5)).toBe('12,50\u00a0$');
    inLanguage('es', 'en-US');
    expect(userLocale()).toBe('es');
    expect(formatCurrency(1234.5)).toBe('1234,50\u00a0US$');
  });
});
