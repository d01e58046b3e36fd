/**
 * How e-mails write numbers, money, dates and addresses: as the pass shows them (spec 2.8 and 2.9), in
 * English, for both parts of a message.
 */
import { cashAmount } from '@trailpass/contract';

/** `1,000 points`, `1 point` (the pass's own wording). */
export function formatPoints(points: number): string {
  return `${points.toLocaleString('en-US')} ${points === 1 ? 'point' : 'points'}`;
}

/** A money string of the API (`39.00`) as dollars, `$39.00`, by the contract's reading of it. */
export function formatCash(pricePaid: string): string {
  return `$${cashAmount(pricePaid).toFixed(2)}`;
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
export function formatSlot(slot: { date: string; time: string; timezone: string }): string {
  const [year, month, day] = slot.date.split('-').map(Number);
  const [hour, minute] = slot.time.split(':').map(Number);
  const wallClock = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  if (Number.isNaN(wallClock.getTime())) return `${slot.date} ${slot.time} (${slot.timezone})`;
  const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(wallClock);
  const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' }).format(wallClock);
  return `${date} at ${time} (${slot.timezone})`;
}
