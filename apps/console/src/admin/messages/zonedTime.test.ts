import { describe, expect, it } from 'vitest';
import { formatInZone, wallTimeToInstant } from './zonedTime';

describe('wall times in the partner’s zone', () => {
  it('reads a wall time in the zone, not the browser’s', () => {
    expect(wallTimeToInstant('2026-12-01T09:00', 'America/Chicago')).toBe('2026-12-01T15:00:00.000Z');
    expect(wallTimeToInstant('2026-07-01T09:00', 'America/Chicago')).toBe('2026-07-01T14:00:00.000Z');
    expect(wallTimeToInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(wallTimeToInstant('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00.000Z');
  });

  it('refuses a time the clocks skip, and what is not a time', () => {
    // 2026-03-08 02:30 does not happen in Chicago (02:00 jumps to 03:00).
    expect(wallTimeToInstant('2026-03-08T02:30', 'America/Chicago')).toBeNull();
    expect(wallTimeToInstant('2026-03-08T03:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z');
    expect(wallTimeToInstant('', 'UTC')).toBeNull();
    expect(wallTimeToInstant('2026-13-01T09:00', 'UTC')).toBeNull();
    expect(wallTimeToInstant('tomorrow', 'UTC')).toBeNull();
  });

  it('shows an instant on the zone’s clock with its name', () => {
    expect(formatInZone('2026-12-01T15:00:00.000Z', 'America/Chicago')).toBe('Dec 1, 2026, 9:00 AM CST');
  });
});
