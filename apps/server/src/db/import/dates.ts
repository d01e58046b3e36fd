/**
 * Dates in pass-import/1: ISO 8601 UTC (`2024-03-02T15:20:00Z`, seconds and fraction optional) or a time
 * relative to the import: `@now`, `@now+30d`, `@now-2h`, `@now+15m`. Relative dates resolve against one
 * `now` per import, in UTC (a day is 24 hours).
 */

const RELATIVE = /^@now(?:([+-])(\d+)([mhd]))?$/;
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?Z$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Why a date string is not acceptable, or null when it is. */
export function dateProblem(value: string): string | null {
  const relative = RELATIVE.exec(value);
  if (relative) {
    const amount = Number(relative[2] ?? 0);
    if (!Number.isSafeInteger(amount) || amount * UNIT_MS.m > 8.64e15) return 'relative date is out of range';
    return null;
  }
  const iso = ISO_UTC.exec(value);
  if (!iso) {
    return 'must be an ISO 8601 UTC date-time like 2024-03-02T15:20:00Z, or @now, @now+30d, @now-2h, @now+15m';
  }
  const [year, month, day, hour, minute, second] = iso.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12) return `month ${month} does not exist`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth)
    return `day ${day} does not exist in ${year}-${String(month).padStart(2, '0')}`;
  if (hour > 23 || minute > 59 || second > 59) return 'time of day is out of range';
  return null;
}

/** Resolves a well-formed date string (see dateProblem) against `now`. */
export function resolveDate(value: string, now: Date): Date {
  const relative = RELATIVE.exec(value);
  if (relative) {
    const [, sign, amount, unit] = relative;
    if (!sign || !amount || !unit) return new Date(now.getTime());
    const offset = Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
    return new Date(now.getTime() + (sign === '-' ? -offset : offset));
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${value}`);
  return new Date(time);
}

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
