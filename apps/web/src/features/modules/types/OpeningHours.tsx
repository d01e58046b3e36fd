import type { Venue } from '@trailpass/contract';
import dayjs from 'dayjs';
import { useId } from 'react';
import { SpacedText } from '../../../components/SpacedText';
import { interfaceLanguage, translate, useTranslation } from '../../../i18n';
import { isKnownTimezone } from '../../../lib/dates';
import { ModuleHeading } from '../components/ModuleHeading';
import { usePageEntities } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** The week from Monday, as the periods name its days. */
export const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayKey = (typeof WEEK)[number];

/** A Monday (1 January 2024, UTC): WEEK's days from it are the dates Intl names the weekdays of. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A day's name in the holder's language ("Monday", "lunes" as "Lunes"): Intl's, with a capital first letter
 * as a row heading of the table has in every language.
 */
export function dayName(key: DayKey, language: string = interfaceLanguage()): string {
  const date = new Date(A_MONDAY + WEEK.indexOf(key) * DAY_MS);
  const name = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** Whether the holder reads English, whose hours are the spec's 12-hour clock. */
function isEnglish(language: string): boolean {
  return language === 'en' || language.startsWith('en-');
}

/** dayjs' day(): 0 is Sunday. */
const DAY_BY_INDEX: readonly DayKey[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const TIME = /^([01]?\d|2[0-4]):([0-5]\d)$/;

/** Minutes after midnight of an `HH:MM` time, or null for anything else. */
function minutesOf(time: string): number | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** 12-hour clock: 15:00 -> "3:00 PM", 00:30 and 24:00 -> "12:30 AM", "12:00 AM". */
export function formatTime12(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const minute = String(minutes % 60).padStart(2, '0');
  return `${hours % 12 || 12}:${minute} ${suffix}`;
}

/**
 * A time of day as the holder's language writes it: English the spec's 12-hour clock (formatTime12, with
 * a plain space before AM and PM), the others their own 24-hour clock ("15:00", 24:00 as "0:00").
 */
export function formatTime(minutes: number, language: string = interfaceLanguage()): string {
  if (isEnglish(language)) return formatTime12(minutes);
  const inDay = minutes % (24 * 60);
  const format = new Intl.DateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return format.format(Date.UTC(1970, 0, 1, Math.floor(inDay / 60), inDay % 60));
}

export interface DayHours {
  key: DayKey;
  name: string;
  /** One entry per opening period that day, in time order; empty means closed. */
  periods: string[];
}

/**
 * The week from Monday, each day with its periods as text. A day that is not listed is closed; a close
 * earlier than the open runs past midnight ("5:00 PM – 1:00 AM" on the day it opens); the same open and
 * close is open all day. Periods with an unknown day or time are left out rather than guessed.
 */
export function weekHours(openingHours: Venue['opening_hours']): DayHours[] {
  const periods = openingHours?.periods ?? [];
  return WEEK.map((key) => {
    const today = periods
      .filter((period) => period.day.trim().toLowerCase() === key)
      .map((period) => ({ open: minutesOf(period.open), close: minutesOf(period.close) }))
      .filter(
        (period): period is { open: number; close: number } => period.open !== null && period.close !== null,
      )
      .sort((a, b) => a.open - b.open)
      .map(({ open, close }) =>
        open % (24 * 60) === close % (24 * 60)
          ? translate('modules:open24Hours')
          : `${formatTime(open)} – ${formatTime(close)}`,
      );
    return { key, name: dayName(key), periods: today };
  });
}

/** Today in the venue's timezone (a place's hours follow its own clock, not the visitor's). */
export function venueToday(timezone: string | null | undefined, now: dayjs.Dayjs = dayjs()): DayKey {
  const local = isKnownTimezone(timezone) ? now.tz(timezone) : now;
  return DAY_BY_INDEX[local.day()] ?? 'mon';
}

/**
 * "Central Daylight Time" (in the holder's language) when the venue's clock differs from the visitor's,
 * else null.
 */
function otherTimezoneName(timezone: string, now: dayjs.Dayjs = dayjs()): string | null {
  if (!isKnownTimezone(timezone) || now.tz(timezone).utcOffset() === now.utcOffset()) return null;
  const language = isEnglish(interfaceLanguage()) ? 'en-US' : interfaceLanguage();
  const part = new Intl.DateTimeFormat(language, { timeZone: timezone, timeZoneName: 'long' })
    .formatToParts(now.toDate())
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timezone;
}

/**
 * OpeningHours (spec 2.4; demo README, venues): the venue's week, Monday to Sunday, in 12-hour time (the
 * holder's language's own clock in another language), "Closed" on days it does not open, today's row
 * marked (in the venue's timezone), and the venue's note.
 */
export default function OpeningHours({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const headingId = useId();
  const { venue } = usePageEntities();
  const hours = venue?.opening_hours;
  if (!venue || !hours || (hours.periods.length === 0 && !hours.note?.trim())) return null;

  const now = dayjs();
  const today = venueToday(hours.timezone, now);
  const zoneName = otherTimezoneName(hours.timezone, now);
  const week = weekHours(hours);

  return (
    <div>
      <ModuleHeading id={headingId}>{moduleLabel(module) ?? t('openingHours')}</ModuleHeading>
      {hours.periods.length > 0 && (
        <table className="tp-hours tp-body2" aria-labelledby={headingId}>
          <tbody>
            {week.map((day) => {
              const isToday = day.key === today;
              return (
                <tr
                  key={day.key}
                  aria-current={isToday ? 'date' : undefined}
                  data-today={isToday ? 'true' : undefined}
                >
                  <th scope="row">
                    {day.name}
                    {isToday && <span className="tp-caption tp-hours-today">{t('today')}</span>}
                  </th>
                  <td>{day.periods.length > 0 ? day.periods.join(', ') : t('closed')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {zoneName && (
        <p className="tp-caption tp-secondary" style={{ marginTop: 8 }}>
          {t('timesAreIn', { zone: zoneName })}
        </p>
      )}
      <SpacedText text={hours.note} variant="body2" component="p" style={{ marginTop: 8 }} />
    </div>
  );
}
