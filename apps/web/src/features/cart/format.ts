import { i18next } from '../../i18n';
import { formatNumber } from '../../lib/number-format';

/** "1,000 points", "1 point": the number as the chosen language writes it, unless a locale is given. */
export function formatPoints(points: number, locale: string = i18next.language || 'en-US'): string {
  return i18next.t('cart:pointsAmount', { count: points, amount: formatNumber(points, locale) });
}

/** A money string of the API ("0.00") as dollars. */
export function formatCash(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? `$${value.toFixed(2)}` : `$${amount}`;
}
