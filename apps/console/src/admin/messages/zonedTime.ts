/**
 * Wall-clock times in the partner's time zone (an IANA name such as America/Chicago), whatever the
 * browser's own zone: a message scheduled "at 09:00" means 09:00 where the partner's holders are.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function wallParts(instant: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const [year, month, day, hour, minute, second] = wallParts(instant, timeZone) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * A `datetime-local` value (YYYY-MM-DDTHH:mm) read in `timeZone`, as an ISO instant (UTC). Null when the
 * value is not such a time, or names a time the zone skips (the hour a clock jumps forward).
 */
export function wallTimeToInstant(value: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess may differ from the offset at the answer (near a change of clocks): look twice.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  const [y, mo, d, h, mi] = wallParts(instant, timeZone);
  if (y !== year || mo !== month || d !== day || h !== hour || mi !== minute) return null;
  return new Date(instant).toISOString();
}

/** An instant as the partner's wall clock shows it, with the zone's short name ("Dec 1, 2026, 9:00 AM CST"). */
export function formatInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
