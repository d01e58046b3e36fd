import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARTNER_DATETIME_FORMAT,
  formatDate,
  formatPartnerDateTime,
  formatWallClock,
  isKnownTimezone,
  ORDER_DETAILS_DATE_FORMAT,
  ORDER_HISTORY_DATE_FORMAT,
  POINTS_DATE_FORMAT,
  SLOT_DATE_FORMAT,
  SLOT_TIME_FORMAT,
} from './dates';

const CHICAGO = 'America/Chicago';

describe('spec 9 format constants', () => {
  it('are the spec formats, with two spaces after the comma in the partner datetime', () => {
    expect(POINTS_DATE_FORMAT).toBe('MMM D, YYYY');
    expect(ORDER_HISTORY_DATE_FORMAT).toBe('dddd, MMMM Do, YYYY');
    expect(ORDER_DETAILS_DATE_FORMAT).toBe('MMMM Do, YYYY');
    expect(DEFAULT_PARTNER_DATETIME_FORMAT).toBe('MMM D, YYYY,  h:mm A');
  });
});

describe('formatPartnerDateTime', () => {
  it('shows a UTC instant in the partner timezone with the default format (two spaces)', () => {
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', CHICAGO)).toBe('Mar 2, 2024,  9:20 AM');
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', 'America/New_York')).toBe('Mar 2, 2024,  10:20 AM');
  });

  it('follows daylight saving when it starts (America/Chicago, 10 March 2024, 2 am)', () => {
    // 07:59 UTC is 1:59 CST (UTC-6); one minute later the clocks skip to 3:00 CDT (UTC-5).
    expect(formatPartnerDateTime('2024-03-10T07:59:00Z', CHICAGO)).toBe('Mar 10, 2024,  1:59 AM');
    expect(formatPartnerDateTime('2024-03-10T08:00:00Z', CHICAGO)).toBe('Mar 10, 2024,  3:00 AM');
  });

  it('follows daylight saving when it ends (America/Chicago, 3 November 2024, 2 am)', () => {
    // 1:30 am happens twice: first in CDT (06:30 UTC), then in CST (07:30 UTC).
    expect(formatPartnerDateTime('2024-11-03T06:30:00Z', CHICAGO, 'h:mm A Z')).toBe('1:30 AM -05:00');
    expect(formatPartnerDateTime('2024-11-03T07:30:00Z', CHICAGO, 'h:mm A Z')).toBe('1:30 AM -06:00');
    expect(formatPartnerDateTime('2024-11-03T08:30:00Z', CHICAGO)).toBe('Nov 3, 2024,  2:30 AM');
  });

  it('moves to the partner calendar day across midnight', () => {
    expect(formatPartnerDateTime('2024-07-01T03:15:00Z', CHICAGO)).toBe('Jun 30, 2024,  10:15 PM');
  });

  it('accepts a Date and a custom format, including ordinals', () => {
    const date = new Date(Date.UTC(2024, 6, 4, 17, 0));
    expect(formatPartnerDateTime(date, CHICAGO, ORDER_HISTORY_DATE_FORMAT)).toBe('Thursday, July 4th, 2024');
    expect(formatPartnerDateTime(date, CHICAGO, 'HH:mm')).toBe('12:00');
  });

  it('shows a date-only value as that day in any timezone', () => {
    expect(formatPartnerDateTime('2024-03-02', CHICAGO, POINTS_DATE_FORMAT)).toBe('Mar 2, 2024');
    expect(formatPartnerDateTime('2024-03-02', 'Pacific/Auckland', POINTS_DATE_FORMAT)).toBe('Mar 2, 2024');
  });

  it('falls back to UTC for a missing or unknown timezone instead of throwing', () => {
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', null)).toBe('Mar 2, 2024,  3:20 PM');
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', undefined)).toBe('Mar 2, 2024,  3:20 PM');
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', '')).toBe('Mar 2, 2024,  3:20 PM');
    expect(formatPartnerDateTime('2024-03-02T15:20:00Z', 'Mars/Olympus_Mons')).toBe('Mar 2, 2024,  3:20 PM');
  });

  it('gives an empty string for a missing or invalid value', () => {
    expect(formatPartnerDateTime(null, CHICAGO)).toBe('');
    expect(formatPartnerDateTime(undefined, CHICAGO)).toBe('');
    expect(formatPartnerDateTime('', CHICAGO)).toBe('');
    expect(formatPartnerDateTime('not a date', CHICAGO)).toBe('');
    expect(formatPartnerDateTime('2024-02-30', CHICAGO)).toBe('');
    expect(formatPartnerDateTime(new Date(Number.NaN), CHICAGO)).toBe('');
  });
});

describe('formatDate (spec 9 formats)', () => {
  // Noon UTC is the same calendar day in every timezone from UTC-11 to UTC+11, so these hold wherever
  // the tests run.
  const noon = '2024-03-02T12:00:00Z';

  it('formats points, order history and order details dates', () => {
    expect(formatDate(noon, POINTS_DATE_FORMAT)).toBe('Mar 2, 2024');
    expect(formatDate(noon, ORDER_HISTORY_DATE_FORMAT)).toBe('Saturday, March 2nd, 2024');
    expect(formatDate(noon, ORDER_DETAILS_DATE_FORMAT)).toBe('March 2nd, 2024');
    expect(formatDate('2024-03-21T12:00:00Z', ORDER_DETAILS_DATE_FORMAT)).toBe('March 21st, 2024');
    expect(formatDate('2024-03-23T12:00:00Z', ORDER_DETAILS_DATE_FORMAT)).toBe('March 23rd, 2024');
    expect(formatDate('2024-03-11T12:00:00Z', ORDER_DETAILS_DATE_FORMAT)).toBe('March 11th, 2024');
  });

  it('shows a date-only value as that day, never shifted by the timezone', () => {
    expect(formatDate('2024-03-02', POINTS_DATE_FORMAT)).toBe('Mar 2, 2024');
    expect(formatDate('2024-01-01', ORDER_HISTORY_DATE_FORMAT)).toBe('Monday, January 1st, 2024');
  });

  it('accepts a Date', () => {
    expect(formatDate(new Date(Date.UTC(2024, 11, 25, 12)), POINTS_DATE_FORMAT)).toBe('Dec 25, 2024');
  });

  it('gives an empty string for a missing or invalid value', () => {
    expect(formatDate(null, POINTS_DATE_FORMAT)).toBe('');
    expect(formatDate(undefined, POINTS_DATE_FORMAT)).toBe('');
    expect(formatDate('', POINTS_DATE_FORMAT)).toBe('');
    expect(formatDate('yesterday', POINTS_DATE_FORMAT)).toBe('');
    expect(formatDate('2023-02-29', POINTS_DATE_FORMAT)).toBe('');
  });
});

describe('isKnownTimezone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isKnownTimezone(CHICAGO)).toBe(true);
    expect(isKnownTimezone('UTC')).toBe(true);
    expect(isKnownTimezone('Nowhere/Special')).toBe(false);
    expect(isKnownTimezone(null)).toBe(false);
  });
});

describe('formatWallClock', () => {
  it('shows an availability slot as the venue clock reads it, whatever the browser zone', () => {
    expect(formatWallClock('2026-11-24', '16:00', CHICAGO)).toBe('Tue, Nov 24, 4:00 PM');
    expect(formatWallClock('2026-11-24', '09:05', 'Asia/Tokyo')).toBe('Tue, Nov 24, 9:05 AM');
    expect(formatWallClock('2026-11-24', '00:30', CHICAGO, SLOT_TIME_FORMAT)).toBe('12:30 AM');
    expect(formatWallClock('2026-11-24', '16:00', CHICAGO, SLOT_DATE_FORMAT)).toBe('Tue, Nov 24');
  });

  it('names the zone of that day (standard or daylight time)', () => {
    expect(formatWallClock('2026-11-24', '16:00', CHICAGO, 'h:mm A z')).toBe('4:00 PM CST');
    expect(formatWallClock('2026-07-04', '16:00', CHICAGO, 'h:mm A z')).toBe('4:00 PM CDT');
  });

  it('is empty for a date or time that does not exist, and reads an unknown zone as UTC', () => {
    expect(formatWallClock('2026-02-30', '16:00', CHICAGO)).toBe('');
    expect(formatWallClock('2026-11-24', '24:00', CHICAGO)).toBe('');
    expect(formatWallClock('2026-11-24', '4pm', CHICAGO)).toBe('');
    expect(formatWallClock('2026-11-24', '16:00', 'Not/AZone', 'h:mm A z')).toBe('4:00 PM UTC');
  });
});
