import dayjs, { type Dayjs } from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { activeLanguage, formattingLocale, PSEUDO_LANGUAGE } from '../i18n/language';
import { accent } from '../i18n/pseudo';

/**
 * Spec 9 date formats (in English; another language writes the same parts its own way, below). Dates come from the API as ISO 8601 UTC instants; a partner's datetimes are shown
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
 * The Intl options that say in another language what each of the formats above says in English (issue 32,
 * decision 0050): the same parts (weekday, month as a word or its abbreviation, day, year, time), in the
 * order and words of the locale. `z` is the zone's name for that day.
 */
function intlOptions(format: string): Intl.DateTimeFormatOptions | null {
  switch (format) {
    case POINTS_DATE_FORMAT:
      return { year: 'numeric', month: 'short', day: 'numeric' };
    case ORDER_HISTORY_DATE_FORMAT:
      return { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
    case ORDER_DETAILS_DATE_FORMAT:
      return { year: 'numeric', month: 'long', day: 'numeric' };
    case DEFAULT_PARTNER_DATETIME_FORMAT:
      return { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
    case SLOT_DATETIME_FORMAT:
      return { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
    case SLOT_DATE_FORMAT:
      return { weekday: 'short', month: 'short', day: 'numeric' };
    case SLOT_TIME_FORMAT:
      return { hour: 'numeric', minute: '2-digit' };
    case 'z':
      return { timeZoneName: 'short' };
    default:
      return null;
  }
}

/** Intl formatters are costly to make (see number-format.ts): one per locale, format and zone, kept. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(
  locale: string,
  format: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
) {
  const key = `${locale}|${format}|${timeZone ?? ''}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      // A malformed browser tag: the language alone.
      formatter = new Intl.DateTimeFormat(locale.split('-')[0], {
        ...options,
        ...(timeZone ? { timeZone } : {}),
      });
    }
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * `day` (already in its zone) written with `format`: English through dayjs, exactly the spec's patterns;
 * another language through Intl in the locale (formattingLocale) and the same zone, for the formats above
 * (any other format stays English); the pseudo-locale is English with its letters accented, so that a
 * journey in it sees the date came through here.
 */
function written(day: Dayjs, format: string, timeZone: string | undefined): string {
  const language = activeLanguage();
  if (language !== 'en' && language !== PSEUDO_LANGUAGE) {
    const options = intlOptions(format);
    if (options) {
      const formatter = dateFormatter(formattingLocale(), format, options, timeZone);
      if (format !== 'z') return formatter.format(day.toDate());
      return formatter.formatToParts(day.toDate()).find((part) => part.type === 'timeZoneName')?.value ?? '';
    }
  }
  const english = day.format(format);
  return language === PSEUDO_LANGUAGE ? accent(english) : english;
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
    const day = validDay(dayjs.tz(value, zone), value);
    return day ? written(day, format, zone) : '';
  }
  const instant = parseInstant(value);
  return instant ? written(instant.tz(zone), format, zone) : '';
}

/**
 * A date in the browser's own timezone (the spec 9 formats above), as the user lives it: an order placed
 * at 11 pm local time shows that day, not the next UTC day. A date-only value is shown as that day.
 * '' for a missing or invalid value.
 */
export function formatDate(value: DateInput, format: string): string {
  if (isDateOnly(value)) {
    const day = validDay(dayjs(value), value);
    return day ? written(day, format, undefined) : '';
  }
  const instant = parseInstant(value);
  return instant ? written(instant.local(), format, undefined) : '';
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
  return moment.isValid() ? written(moment, format, zone) : '';
}
