import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysOf,
  describeRange,
  formatDay,
  formatShortDay,
  isCalendarDay,
  lastDays,
  quickRangeOf,
  rangeFromSearch,
  rangeProblems,
  todayIn,
} from './range';

const search = (query: string) => new URLSearchParams(query);

describe('calendar days', () => {
  it('are real days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-11-31')).toBe(false);
    expect(isCalendarDay('2026-1-5')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });

  it('are counted on the calendar, across months, years and clock changes', () => {
    expect(addDays('2026-11-28', -29)).toBe('2026-10-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // America/Chicago leaves daylight time on 2026-11-01: still one day each.
    expect(daysOf({ from: '2026-10-31', to: '2026-11-02' })).toEqual([
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(daysOf({ from: '2026-11-02', to: '2026-11-01' })).toEqual([]);
  });

  it("today is the partner's, not the browser's", () => {
    // 03:30 UTC on Nov 28 is still Nov 27 in Chicago, and already Nov 28 in Auckland.
    const at = Date.parse('2026-11-28T03:30:00Z');
    expect(todayIn('America/Chicago', at)).toBe('2026-11-27');
    expect(todayIn('Pacific/Auckland', at)).toBe('2026-11-28');
  });

  it('read for people without a zone shift', () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatShortDay('2026-11-01')).toBe('Nov 1');
    expect(describeRange({ from: '2026-11-01', to: '2026-11-28' })).toBe('Nov 1, 2026 to Nov 28, 2026');
    expect(describeRange({ from: '2026-11-28', to: '2026-11-28' })).toBe('Nov 28, 2026');
  });
});

describe('the range in the address', () => {
  const today = '2026-11-28';

  it('is by default the 30 days up to today, as the server fills it in', () => {
    expect(rangeFromSearch(search(''), today)).toEqual({ from: '2026-10-30', to: today });
    expect(rangeFromSearch(search('report=orders'), today)).toEqual({ from: '2026-10-30', to: today });
  });

  it('with one day only, is the 30 days from or up to it', () => {
    expect(rangeFromSearch(search('from=2026-01-01'), today)).toEqual({
      from: '2026-01-01',
      to: '2026-01-30',
    });
    expect(rangeFromSearch(search('to=2026-01-30'), today)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
  });

  it('keeps what it says, even a day being typed, for the picker to show', () => {
    expect(rangeFromSearch(search('from=2026-11-01&to=2026-11-07'), today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
    });
    expect(rangeFromSearch(search('from=&to=2026-11-07'), today)).toEqual({ from: '', to: '2026-11-07' });
  });

  it('names the quick choice it is', () => {
    expect(quickRangeOf(lastDays(7, today), today)).toBe(7);
    expect(quickRangeOf(lastDays(30, today), today)).toBe(30);
    expect(quickRangeOf(lastDays(90, today), today)).toBe(90);
    expect(lastDays(7, today)).toEqual({ from: '2026-11-22', to: today });
    expect(quickRangeOf(lastDays(14, today), today)).toBeNull();
    expect(quickRangeOf({ from: '2026-11-21', to: '2026-11-27' }, today)).toBeNull();
  });
});

describe('a range’s problems, as the server would refuse it', () => {
  it('none for one day up to 366', () => {
    expect(rangeProblems({ from: '2026-11-28', to: '2026-11-28' })).toEqual({});
    expect(rangeProblems({ from: '2025-11-28', to: '2026-11-28' })).toEqual({});
  });

  it('a day that is not one', () => {
    expect(rangeProblems({ from: '', to: '2026-11-28' })).toEqual({
      from: 'Choose a day such as 2026-11-28.',
    });
    expect(rangeProblems({ from: '2026-11-01', to: '2026-13-01' })).toEqual({
      to: 'Choose a day such as 2026-11-28.',
    });
  });

  it('an end before the start, on To', () => {
    expect(rangeProblems({ from: '2026-11-28', to: '2026-11-27' })).toEqual({
      to: 'The range ends before it starts: choose a “to” day on or after the “from” day.',
    });
  });

  it('more than 366 days, on From', () => {
    expect(rangeProblems({ from: '2025-11-27', to: '2026-11-28' })).toEqual({
      from: 'A report covers at most 366 days; this range has 367.',
    });
  });
});
