/** Spec 9: a wind direction in degrees maps to one of 16 compass points in 22.5-degree slices. */
export const COMPASS_POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

const SLICE_DEGREES = 360 / COMPASS_POINTS.length;

/**
 * The compass point whose 22.5-degree slice holds `degrees`. Slices are centred on their point, so N
 * covers 348.75 up to (not including) 11.25, and NNE starts at 11.25. Any angle is accepted (negative,
 * or more than a turn); a value that is not a finite number gives ''.
 */
export function windDirection(degrees: number): CompassPoint | '' {
  if (!Number.isFinite(degrees)) return '';
  // Normalise into [0, 360) first: `%` keeps the sign of a negative angle.
  const normalised = ((degrees % 360) + 360) % 360;
  // Shift by half a slice so each slice starts at a whole multiple of 22.5.
  const index = Math.floor((normalised + SLICE_DEGREES / 2) / SLICE_DEGREES) % COMPASS_POINTS.length;
  return COMPASS_POINTS[index] ?? '';
}
