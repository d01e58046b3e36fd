import { KILOMETRES_PER_MILE, type LatLng, milesBetween } from '@trailpass/contract';
import { formattingLocale } from '../i18n/language';

/** Spec 3 User location: userLocale is the browser language, en-US when there is none. */
export const DEFAULT_LOCALE = 'en-US';

/**
 * The locale numbers and distances are written in: in English the browser language as the spec says, in
 * another language the browser's tag of that language, else the language (i18n/language.ts, decision 0050).
 */
export function userLocale(): string {
  return formattingLocale();
}

/** Spec 2.4: distances are in miles for en-US and in kilometres for every other locale. */
export function usesMiles(locale: string): boolean {
  return locale.toLowerCase() === DEFAULT_LOCALE.toLowerCase();
}

/** Intl refuses a malformed language tag with a RangeError; a bad navigator value must not break a page. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, options);
  } catch {
    return new Intl.NumberFormat(DEFAULT_LOCALE, options);
  }
}

/**
 * Spec 2.4: "150 mi", "0.1 mi", "241 km": a whole number above 100, otherwise one decimal, with the
 * locale's digits and separators. '' for a value that is not a finite number.
 */
export function formatDistance(miles: number, locale: string): string {
  if (!Number.isFinite(miles)) return '';
  const metric = !usesMiles(locale);
  const value = metric ? miles * KILOMETRES_PER_MILE : miles;
  const digits = Math.abs(value) > 100 ? 0 : 1;
  const number = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${number.format(value)} ${metric ? 'km' : 'mi'}`;
}

function isCoordinate(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Miles from the user to a venue, or null without a user location or venue coordinates. */
export function distanceMiles(
  from: LatLng | null | undefined,
  venue: { latitude: number | null; longitude: number | null },
): number | null {
  if (!from || !isCoordinate(venue.latitude) || !isCoordinate(venue.longitude)) return null;
  return milesBetween(from, { latitude: venue.latitude, longitude: venue.longitude });
}

const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1';

/**
 * Spec 2.4: a directions link needs an address plus a place id, or else latitude plus longitude;
 * otherwise there is none. Google Maps' cross-platform URL opens the app on phones that have it.
 */
export function directionsUrl(venue: {
  address: string | null;
  google_place_id: string | null;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  const address = venue.address?.trim();
  const placeId = venue.google_place_id?.trim();
  if (address && placeId) {
    return `${DIRECTIONS_BASE}&destination=${encodeURIComponent(address)}&destination_place_id=${encodeURIComponent(placeId)}`;
  }
  if (isCoordinate(venue.latitude) && isCoordinate(venue.longitude)) {
    return `${DIRECTIONS_BASE}&destination=${venue.latitude},${venue.longitude}`;
  }
  return null;
}
