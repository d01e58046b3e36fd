import { describe, expect, it } from 'vitest';
import { formatNumber, numberFormatter } from './number-format';

describe('formatNumber', () => {
  it('writes numbers as the locale does', () => {
    expect(formatNumber(1000, 'en-US')).toBe('1,000');
    expect(formatNumber(1000, 'de-DE')).toBe('1.000');
    expect(formatNumber(12)).toBe(new Intl.NumberFormat().format(12));
  });

  it('writes English whole numbers without Intl exactly as Intl does', () => {
    const values = [0, -0, 1, -1, 7, 12, 999, 1000, -1000, 1234, 99_999, 100_000, 1_234_567, -987_654_321];
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 31, 10 ** 15);
    for (const locale of ['en', 'en-US']) {
      const intl = new Intl.NumberFormat(locale);
      for (const value of values)
        expect(formatNumber(value, locale), `${locale} ${value}`).toBe(intl.format(value));
    }
    // Not whole, or not safe: Intl writes them.
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(2 ** 60, 'en-US')).toBe(new Intl.NumberFormat('en-US').format(2 ** 60));
  });

  it('makes one formatter per locale', () => {
    expect(numberFormatter('en-US')).toBe(numberFormatter('en-US'));
    expect(numberFormatter('de-DE')).not.toBe(numberFormatter('en-US'));
  });

  it('still refuses a malformed locale as Intl does', () => {
    expect(() => formatNumber(1, 'not a locale!')).toThrow(RangeError);
  });
});
