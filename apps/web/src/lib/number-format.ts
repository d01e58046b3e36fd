import { activeLanguage, contentLanguage, formattingLocale } from '../i18n/language';

/**
 * A locale's number formatter, made once and kept. Creating an Intl.NumberFormat costs far more than
 * formatting with one (the Rewards page spent ~90 ms of a phone's CPU making one per reward card), and a
 * page formats many numbers in a few locales at most.
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function numberFormatter(locale?: string): Intl.NumberFormat {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Locales that write whole numbers with a comma every three digits and nothing else. */
const COMMA_GROUPED = new Set(['en', 'en-US']);

/**
 * A whole number as the locale writes it ("1,000" in en-US). In English, a safe integer is written here
 * without Intl: the first Intl.NumberFormat of a page loads the locale's number data, ~50 ms of a phone's
 * CPU in the middle of OrderHistory's and Rewards' first render (decision 0025, round two). The result is
 * the same (number-format.test.ts compares the two).
 */
export function formatNumber(value: number, locale?: string): string {
  if (locale !== undefined && COMMA_GROUPED.has(locale) && Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
    return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
  }
  return numberFormatter(locale).format(value);
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount of money (issue 32, decision 0050). English writes it as the app always has, `$12.50` (spec:
 * dollars, two decimals); another language as its locale does (`12,50 US$` in es, `12,50 $` in de) through
 * Intl, the currency being the offer's (USD: the only one the spec knows).
 */
export function formatCurrency(
  amount: number,
  currency = 'USD',
  locale: string = formattingLocale(),
): string {
  if (contentLanguage(activeLanguage()) === 'en' && currency === 'USD') {
    const fixed = Math.abs(amount).toFixed(2);
    return amount < 0 ? `-$${fixed}` : `$${fixed}`;
  }
  const key = `${locale}|${currency}`;
  let formatter = currencyFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    }
    currencyFormatters.set(key, formatter);
  }
  return formatter.format(amount);
}
