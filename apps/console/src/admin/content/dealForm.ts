import type { CatalogueDeal, DealUpdateRequest } from '@trailpass/contract/console';
import { wallTimeToInstant } from '../messages/zonedTime';

/**
 * An instant as a `datetime-local` value (YYYY-MM-DDTHH:mm) on the wall clock of `timeZone`: the way back
 * of zonedTime's wallTimeToInstant. Seconds are dropped (the field shows minutes). Empty for a bad instant.
 */
export function instantToWallTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

export interface DealDateValues {
  /** The deal gets no date: its points do not expire and it keeps earning. */
  noDate: boolean;
  /** The date as a datetime-local value in the partner's zone. */
  wallTime: string;
}

export type DealField = keyof DealUpdateRequest;

/** The form as it opens: the deal's date on the partner's wall clock, or No date ticked. */
export function dealDateValues(deal: CatalogueDeal, timeZone: string): DealDateValues {
  return deal.pointsValidUntil === null
    ? { noDate: true, wallTime: '' }
    : { noDate: false, wallTime: instantToWallTime(deal.pointsValidUntil, timeZone) };
}

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type DealOutcome =
  | { request: DealUpdateRequest }
  | { errors: Partial<Record<DealField, string>> }
  | { unchanged: true };

/** The Change date form as the PATCH body (the wall time read in the partner's zone), or its message. */
export function toDealUpdate(deal: CatalogueDeal, values: DealDateValues, timeZone: string): DealOutcome {
  if (values.noDate)
    return deal.pointsValidUntil === null ? { unchanged: true } : { request: { pointsValidUntil: null } };
  const wallTime = values.wallTime.trim();
  if (!wallTime) return { errors: { pointsValidUntil: 'Enter a date and time, or tick No date.' } };
  if (!WALL_TIME.test(wallTime)) return { errors: { pointsValidUntil: 'Enter a date and a time.' } };
  const instant = wallTimeToInstant(wallTime, timeZone);
  if (!instant)
    return {
      errors: {
        pointsValidUntil: `That time does not exist in ${timeZone} (the clocks move forward then). Choose another.`,
      },
    };
  // Compared as the field shows it: a date with seconds the field cannot show is unchanged when untouched.
  if (deal.pointsValidUntil !== null && instantToWallTime(deal.pointsValidUntil, timeZone) === wallTime)
    return { unchanged: true };
  return { request: { pointsValidUntil: instant } };
}

/** Whether the wall time typed is already past at `now` (the deal then stops earning at once). */
export function isPast(wallTime: string, timeZone: string, now: Date): boolean {
  const instant = wallTimeToInstant(wallTime, timeZone);
  return instant !== null && new Date(instant).getTime() <= now.getTime();
}

/** `zone` when this browser knows it (an IANA name), else `fallback`. */
export function usableZone(zone: string, fallback: string): string {
  if (!zone) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}
