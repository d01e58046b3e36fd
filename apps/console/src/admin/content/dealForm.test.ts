import type { CatalogueDeal } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { dealDateValues, instantToWallTime, isPast, toDealUpdate, usableZone } from './dealForm';

const CHICAGO = 'America/Chicago';
const dated: CatalogueDeal = {
  id: 201,
  name: 'Brew Trail Passport',
  usePoints: true,
  pointsValidUntil: '2027-01-15T05:59:30.000Z',
};
const undated: CatalogueDeal = {
  id: 203,
  name: 'Lakeshore Coffee Crawl',
  usePoints: true,
  pointsValidUntil: null,
};

describe('instantToWallTime', () => {
  it('shows an instant on the zone’s wall clock, to the minute', () => {
    expect(instantToWallTime('2027-01-15T05:59:30Z', CHICAGO)).toBe('2027-01-14T23:59');
    expect(instantToWallTime('2026-07-01T05:00:00Z', CHICAGO)).toBe('2026-07-01T00:00');
    expect(instantToWallTime('2026-07-01T05:00:00Z', 'UTC')).toBe('2026-07-01T05:00');
    expect(instantToWallTime('not a date', CHICAGO)).toBe('');
  });
});

describe('toDealUpdate', () => {
  it('opens on the deal’s date in the partner’s zone, or No date', () => {
    expect(dealDateValues(dated, CHICAGO)).toEqual({ noDate: false, wallTime: '2027-01-14T23:59' });
    expect(dealDateValues(undated, CHICAGO)).toEqual({ noDate: true, wallTime: '' });
  });

  it('reads the wall time in the partner’s zone', () => {
    expect(toDealUpdate(undated, { noDate: false, wallTime: '2026-12-31T23:59' }, CHICAGO)).toEqual({
      request: { pointsValidUntil: '2027-01-01T05:59:00.000Z' },
    });
    expect(toDealUpdate(dated, { noDate: true, wallTime: '2027-01-14T23:59' }, CHICAGO)).toEqual({
      request: { pointsValidUntil: null },
    });
  });

  it('sends nothing when the date is as it was (seconds the field cannot show included)', () => {
    expect(toDealUpdate(dated, dealDateValues(dated, CHICAGO), CHICAGO)).toEqual({ unchanged: true });
    expect(toDealUpdate(undated, { noDate: true, wallTime: '2027-01-01T00:00' }, CHICAGO)).toEqual({
      unchanged: true,
    });
  });

  it('says what is wrong with the date', () => {
    expect(toDealUpdate(undated, { noDate: false, wallTime: '' }, CHICAGO)).toEqual({
      errors: { pointsValidUntil: 'Enter a date and time, or tick No date.' },
    });
    expect(toDealUpdate(undated, { noDate: false, wallTime: '2027-01-01' }, CHICAGO)).toEqual({
      errors: { pointsValidUntil: 'Enter a date and a time.' },
    });
    // 02:30 on the morning the clocks move forward does not happen in Chicago.
    expect(toDealUpdate(undated, { noDate: false, wallTime: '2027-03-14T02:30' }, CHICAGO)).toEqual({
      errors: {
        pointsValidUntil:
          'That time does not exist in America/Chicago (the clocks move forward then). Choose another.',
      },
    });
  });
});

describe('isPast', () => {
  it('compares the wall time in the zone with now', () => {
    const now = new Date('2027-01-01T06:00:00Z'); // 00:00 in Chicago
    expect(isPast('2026-12-31T23:59', CHICAGO, now)).toBe(true);
    expect(isPast('2027-01-01T00:01', CHICAGO, now)).toBe(false);
    expect(isPast('', CHICAGO, now)).toBe(false);
  });
});

describe('usableZone', () => {
  it('keeps a zone the browser knows, else falls back', () => {
    expect(usableZone(CHICAGO, 'UTC')).toBe(CHICAGO);
    expect(usableZone('Mars/Olympus_Mons', 'UTC')).toBe('UTC');
    expect(usableZone('', 'UTC')).toBe('UTC');
  });
});
