/**
 * Great-circle distance, shared by the server (an assignment's venue miles) and the app (distances that
 * follow the user's location between fetches), so both give the same number.
 */
const EARTH_RADIUS_MILES = 3958.8;
export const KILOMETRES_PER_MILE = 1.609344;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Haversine distance in miles. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
