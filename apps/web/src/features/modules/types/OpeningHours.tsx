import type { Venue } from '@trailpass/contract';
import dayjs from 'dayjs';
import { useId } from 'react';
import { SpacedText } from '../../../components/SpacedText';
import { isKnownTimezone } from '../../../lib/dates';
import { ModuleHeading } from '../components/ModuleHeading';
import { usePageEntities } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

export const WEEK = [
  { key: 'mon', name: 'Monday' },
  { key: 'tue', name: 'Tuesday' },
  { key: 'wed', name: 'Wednesday' },
  { key: 'thu', name: 'Thursday' },
  { key: 'fri', name: 'Friday' },
  { key: 'sat', name: 'Saturday' },
  { key: 'sun', name: 'Sunday' },
] as const;
export type DayKey = (typeof WEEK)[number]['key'];

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
  return WEEK.map(({ key, name }) => {
    const today = periods
      .filter((period) => period.day.trim().toLowerCase() === key)
      .map((period) => ({ open: minutesOf(period.open), close: minutesOf(period.close) }))
      .filter(
        (period): period is { open: number; close: number } => period.open !== null && period.close !== null,
      )
      .sort((a, b) => a.open - b.open)
      .map(({ open, close }) =>
        open % (24 * 60) === close % (24 * 60)
          ? 'Open 24 hours'
          : `${formatTime12(open)} – ${formatTime12(close)}`,
      );
    return { key, name, periods: today };
  });
}

/** Today in the venue's timezone (a place's hours follow its own clock, not the visitor's). */
export function venueToday(timezone: string | null | undefined, now: dayjs.Dayjs = dayjs()): DayKey {
  const local = isKnownTimezone(timezone) ? now.tz(timezone) : now;
  return DAY_BY_INDEX[local.day()] ?? 'mon';
}

/** "Central Daylight Time" when the venue's clock differs from the visitor's, else null. */
function otherTimezoneName(timezone: string, now: dayjs.Dayjs = dayjs()): string | null {
  if (!isKnownTimezone(timezone) || now.tz(timezone).utcOffset() === now.utcOffset()) return null;
  const part = new Intl.DateTimeFormat('en-US', { timeZone: timezone, timeZoneName: 'long' })
    .formatToParts(now.toDate())
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timezone;
}

/**
 * OpeningHours (spec 2.4; demo README, venues): the venue's week, Monday to Sunday, in 12-hour time,
 * "Closed" on days it does not open, today's row marked (in the venue's timezone), and the venue's note.
 */
export default function OpeningHours({ module }: ModuleProps) {
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
      <ModuleHeading id={headingId}>{moduleLabel(module) ?? 'Opening Hours'}</ModuleHeading>
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
                    {isToday && <span className="tp-caption tp-hours-today">Today</span>}
                  </th>
                  <td>{day.periods.length > 0 ? day.periods.join(', ') : 'Closed'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {zoneName && (
        <p className="tp-caption tp-secondary" style={{ marginTop: 8 }}>
          Times are in {zoneName}.
        </p>
      )}
      <SpacedText text={hours.note} variant="body2" component="p" style={{ marginTop: 8 }} />
    </div>
  );
}
