/**
 * How e-mails write numbers, money, dates and addresses: as the pass shows them (spec 2.8 and 2.9), for both
 * parts of a message, in the holder's language (decision 0049; English when none is given, as before).
 */
import { cashAmount, DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import { mailLocale, mailT } from './text';

/** `1,000 points`, `1 point` (the pass's own wording); `1.000 puntos` in Spanish. */
export function formatPoints(points: number, language: PassLanguage = DEFAULT_PASS_LANGUAGE): string {
  return mailT(language)('mail.points', {
    count: points,
    points: points.toLocaleString(mailLocale(language)),
  });
}

/** A money string of the API (`39.00`) as dollars, `$39.00`, by the contract's reading of it (the locale's elsewhere). */
export function formatCash(pricePaid: string, language: PassLanguage = DEFAULT_PASS_LANGUAGE): string {
  const amount = cashAmount(pricePaid);
  if (language === DEFAULT_PASS_LANGUAGE) return `$${amount.toFixed(2)}`;
  return new Intl.NumberFormat(mailLocale(language), { style: 'currency', currency: 'USD' }).format(amount);
}

/** The spec 2.9 delivery chip (the contract's English: Ship, Pickup, Instant Download) in `language`. */
export function chipLabel(
  chip: string | null,
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): string | null {
  const t = mailT(language);
  switch (chip) {
    case 'Ship':
      return t('mail.chipShip');
    case 'Pickup':
      return t('mail.chipPickup');
    case 'Instant Download':
      return t('mail.chipDownload');
    default:
      return chip;
  }
}

/** An order item as a line names it: its name, and its option in brackets. */
export function itemLabel(item: { name: string; attribute: { name: string } | null }): string {
  return item.attribute ? `${item.name} (${item.attribute.name})` : item.name;
}

/** The day of `at` in the partner's time zone: `November 20, 2026` (an unknown zone: UTC). */
export function formatDay(at: Date, timeZone: string | null | undefined): string {
  const format = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: zone }).format(at);
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}

/**
 * A pickup slot as the venue's clock reads it (availability's `YYYY-MM-DD` and `HH:MM`, which name a time of
 * that place, not an instant): `Tuesday, November 24, 2026 at 4:00 PM (America/Chicago)`.
 */
export function formatSlot(
  slot: { date: string; time: string; timezone: string },
  language: PassLanguage = DEFAULT_PASS_LANGUAGE,
): string {
  const [year, month, day] = slot.date.split('-').map(Number);
  const [hour, minute] = slot.time.split(':').map(Number);
  const wallClock = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  if (Number.isNaN(wallClock.getTime())) return `${slot.date} ${slot.time} (${slot.timezone})`;
  const locale = mailLocale(language);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(wallClock);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(wallClock);
  return mailT(language)('mail.slot', { date, time, zone: slot.timezone });
}
