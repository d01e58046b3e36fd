import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoVenue, makeAssignment, makeModule, makeVenue, renderWithModuleContext } from '../test-fixtures';
import OpeningHours, { formatTime12, venueToday, weekHours } from './OpeningHours';

const module = makeModule({ id: 3024, type: 'OpeningHours', data: { label: 'Hours' } });

function renderHours(venue = demoVenue(301)) {
  return renderWithModuleContext(<OpeningHours module={module} />, {
    page: 'venue',
    venueId: venue.id,
    assignment: makeAssignment([module], { venues: [venue] }, 'venue', venue.id),
  });
}

function rowText(name: string): string {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
  return within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
    .join(' | ');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OpeningHours', () => {
  it('shows the week from Monday in 12-hour time, closed days and past-midnight closes (venue 301)', () => {
    renderHours();
    expect(screen.getByRole('heading', { level: 2, name: 'Hours' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hours' });
    const days = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent?.replace('Today', ''));
    expect(days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rowText('Monday')).toBe('Closed');
    expect(rowText('Tuesday')).toBe('3:00 PM – 10:00 PM');
    expect(rowText('Friday')).toBe('11:00 AM – 12:30 AM');
    expect(rowText('Sunday')).toBe('11:00 AM – 8:00 PM');
    expect(
      screen.getByText('Closed Mondays. Kitchen closes one hour before the taproom.'),
    ).toBeInTheDocument();
  });

  it("marks today's row in the venue's timezone", () => {
    // Saturday 03:00 UTC is still Friday evening in Chicago.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-06T03:00:00Z'));
    renderHours();
    const today = screen.getByRole('row', { current: 'date' });
    expect(within(today).getByRole('rowheader')).toHaveTextContent('FridayToday');
    expect(screen.getAllByRole('row').filter((row) => row.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('formats a close past midnight on the day it opens, and several periods in time order', () => {
    const week = weekHours({
      timezone: 'America/Chicago',
      periods: [
        { day: 'fri', open: '17:00', close: '01:00' },
        { day: 'sat', open: '18:00', close: '22:00' },
        { day: 'sat', open: '11:00', close: '14:00' },
        { day: 'sun', open: '00:00', close: '24:00' },
        { day: 'funday', open: '10:00', close: '11:00' },
        { day: 'mon', open: 'noon', close: '14:00' },
      ],
    });
    expect(Object.fromEntries(week.map((day) => [day.key, day.periods]))).toEqual({
      mon: [],
      tue: [],
      wed: [],
      thu: [],
      fri: ['5:00 PM – 1:00 AM'],
      sat: ['11:00 AM – 2:00 PM', '6:00 PM – 10:00 PM'],
      sun: ['Open 24 hours'],
    });
  });

  it('formats 12-hour times', () => {
    expect([0, 30, 12 * 60, 13 * 60 + 5, 24 * 60].map(formatTime12)).toEqual([
      '12:00 AM',
      '12:30 AM',
      '12:00 PM',
      '1:05 PM',
      '12:00 AM',
    ]);
  });

  it("falls back to the visitor's clock for an unknown timezone", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 8, 12)); // a Monday, local time
    expect(venueToday('Not/AZone')).toBe('mon');
  });

  it('renders nothing for a venue without hours', () => {
    const { container } = renderHours(makeVenue({ id: 309, opening_hours: null }));
    expect(container).toBeEmptyDOMElement();
  });
});
