/**
 * The form's points as a whole number other than 0, or the message to show: the contract's rule
 * (pointsAdjustmentRequest), checked here so that an obvious slip needs no round trip.
 */
export function parsePoints(raw: string): number | string {
  const trimmed = raw.trim().replace(/^\+/, '');
  if (!/^-?\d+$/.test(trimmed)) return 'Enter a whole number of points, like 50 or -20.';
  const points = Number(trimmed);
  if (points === 0) return 'Enter a number of points other than 0.';
  if (Math.abs(points) > 1_000_000) return 'At most 1,000,000 points at a time.';
  return points;
}
