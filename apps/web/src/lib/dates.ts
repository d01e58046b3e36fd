import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/**
 * Spec 9 date formats. Dates come from the API as ISO 8601 UTC instants; a partner's datetimes are shown
 * in the partner's timezone (IANA name from /data), using the timezone plugin so daylight saving is the
 * platform's, never a hand-written offset. advancedFormat provides `Do` (1st, 2nd, ...).
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** Points and rewards dates. */
export const POINTS_DATE_FORMAT = 'MMM D, YYYY';
/** Order history dates. */
export const ORDER_HISTORY_DATE_FORMAT = 'dddd, MMMM Do, YYYY';
/** Order details dates. */
export const ORDER_DETAILS_DATE_FORMAT = 'MMMM Do, YYYY';
/** Partner-timezone datetimes. The two spaces after the comma are the spec's, kept on purpose. */
export const DEFAULT_PARTNER_DATETIME_FORMAT = 'MMM D, YYYY,  h:mm A';

export const FALLBACK_TIMEZONE = 'UTC';

export type DateInput = string | Date | null | undefined;

/** A calendar date without a time (`2024-03-02`) names a day, not an instant: it is never shifted. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function isDateOnly(value: DateInput): value is string {
  return typeof value === 'string' && DATE_ONLY.test(value);
}

/** dayjs rolls 2024-02-30 over into March; a day that does not round-trip is invalid. */
function validDay(day: Dayjs, value: string): Dayjs | null {
  return day.isValid() && day.format('YYYY-MM-DD') === value ? day : null;
}

/** Parses an API value as a UTC instant; null for nothing or an invalid date. */
function parseInstant(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed : null;
}

/** Intl throws a RangeError for a name it does not know; checking first keeps one bad partner row harmless. */
export function isKnownTimezone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A datetime in the partner's timezone, `MMM D, YYYY,  h:mm A` by default. '' for a missing or invalid
 * value; a missing or unknown timezone shows the time in UTC rather than failing the page.
 */
export function formatPartnerDateTime(
  value: DateInput,
  timezone: string | null | undefined,
  format: string = DEFAULT_PARTNER_DATETIME_FORMAT,
): string {
  const zone = isKnownTimezone(timezone) ? timezone : FALLBACK_TIMEZONE;
  if (isDateOnly(value)) {
    return validDay(dayjs.tz(value, zone), value)?.format(format) ?? '';
  }
  const instant = parseInstant(value);
  return instant ? instant.tz(zone).format(format) : '';
}

/**
 * A date in the browser's own timezone (the spec 9 formats above), as the user lives it: an order placed
 * at 11 pm local time shows that day, not the next UTC day. A date-only value is shown as that day.
 * '' for a missing or invalid value.
 */
export function formatDate(value: DateInput, format: string): string {
  if (isDateOnly(value)) {
    return validDay(dayjs(value), value)?.format(format) ?? '';
  }
  const instant = parseInstant(value);
  return instant ? instant.local().format(format) : '';
}

/** A pickup or booking slot: weekday, date and time, as `Tue, Nov 24, 4:00 PM`. */
export const SLOT_DATETIME_FORMAT = 'ddd, MMM D, h:mm A';
/** A slot's day alone, as `Tue, Nov 24`. */
export const SLOT_DATE_FORMAT = 'ddd, MMM D';
/** A slot's time alone, as `4:00 PM`. */
export const SLOT_TIME_FORMAT = 'h:mm A';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A wall-clock date and time of a time zone (availability's `YYYY-MM-DD` and `HH:MM`, which name a moment
 * as the venue's clock shows it, not an instant) formatted in that zone: `Tue, Nov 24, 4:00 PM` by default,
 * and `z` gives the zone's abbreviation for that day (CST or CDT). '' for an invalid date or time; an
 * unknown zone is read as UTC.
 */
export function formatWallClock(
  date: string,
  time: string,
  timezone: string | null | undefined,
  format: string = SLOT_DATETIME_FORMAT,
): string {
  if (!isDateOnly(date) || !validDay(dayjs(date), date) || !CLOCK_TIME.test(time)) return '';
  const zone = isKnownTimezone(timezone) ? timezone : FALLBACK_TIMEZONE;
  const moment = dayjs.tz(`${date}T${time}:00`, zone);
  return moment.isValid() ? moment.format(format) : '';
}
