import { translate } from '../../i18n';
import { activeLanguage, contentLanguage, formattingLocale } from '../../i18n/language';
import { formatCurrency, formatNumber } from '../../lib/number-format';

/** Points are written as before in English (en-US), else as the chosen language's locale writes numbers. */
function pointsLocale(): string {
  return contentLanguage(activeLanguage()) === 'en' ? 'en-US' : formattingLocale();
}

/** "1,000 points", "1 point" (in English; `locale` overrides the chosen language's). */
export function formatPoints(points: number, locale: string = pointsLocale()): string {
  return translate('cart:pointsAmount', { count: points, amount: formatNumber(points, locale) });
}

/** A money string of the API ("0.00") as the chosen language writes dollars (`$0.00` in English). */
export function formatCash(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? formatCurrency(value) : `$${amount}`;
}
