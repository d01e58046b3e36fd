import { KILOMETRES_PER_MILE } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directionsUrl, distanceMiles, formatDistance, userLocale, usesMiles } from './distance';

describe('userLocale (spec 3: browser language, default en-US)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is the browser language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-CA');
    expect(userLocale()).toBe('fr-CA');
  });

  it('is en-US when the browser gives none', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('');
    expect(userLocale()).toBe('en-US');
    vi.stubGlobal('navigator', undefined);
    expect(userLocale()).toBe('en-US');
  });
});

describe('formatDistance (spec 2.4)', () => {
  it('uses miles for en-US: a whole number above 100, otherwise one decimal', () => {
    expect(formatDistance(150.4, 'en-US')).toBe('150 mi');
    expect(formatDistance(150.5, 'en-US')).toBe('151 mi');
    expect(formatDistance(100.2, 'en-US')).toBe('100 mi');
    expect(formatDistance(100, 'en-US')).toBe('100.0 mi');
    expect(formatDistance(12.345, 'en-US')).toBe('12.3 mi');
    expect(formatDistance(0.06, 'en-US')).toBe('0.1 mi');
    expect(formatDistance(0.04, 'en-US')).toBe('0.0 mi');
    expect(formatDistance(0, 'en-US')).toBe('0.0 mi');
    expect(formatDistance(1234.4, 'en-US')).toBe('1,234 mi');
  });

  it('uses kilometres for every other locale', () => {
    // 100 mi = 160.9 km, above 100, so a whole number.
    expect(formatDistance(100, 'en-GB')).toBe('161 km');
    expect(formatDistance(150, 'en-GB')).toBe('241 km');
    // 50 mi = 80.47 km.
    expect(formatDistance(50, 'en-GB')).toBe('80.5 km');
    expect(formatDistance(1, 'en-CA')).toBe('1.6 km');
    expect(formatDistance(1, 'en')).toBe('1.6 km');
    // The unit switch happens on the kilometre value: 62.2 mi is 100.1 km.
    expect(formatDistance(62.2, 'en-GB')).toBe(`${Math.round(62.2 * KILOMETRES_PER_MILE)} km`);
  });

  it('writes numbers the locale way', () => {
    expect(formatDistance(1, 'de-DE')).toBe('1,6 km');
    expect(formatDistance(1000, 'de-DE')).toBe('1.609 km');
    expect(formatDistance(0.5, 'fr-FR')).toBe('0,8 km');
  });

  it('accepts en-US in any case, and survives a malformed locale', () => {
    expect(formatDistance(2, 'en-us')).toBe('2.0 mi');
    expect(formatDistance(2, 'not a locale!')).toBe('3.2 km');
  });

  it('gives an empty string for a value that is not a number', () => {
    expect(formatDistance(Number.NaN, 'en-US')).toBe('');
    expect(formatDistance(Number.POSITIVE_INFINITY, 'en-GB')).toBe('');
  });

  it('knows which locales use miles', () => {
    expect(usesMiles('en-US')).toBe(true);
    expect(usesMiles('en-GB')).toBe(false);
    expect(usesMiles('es-US')).toBe(false);
  });
});

describe('distanceMiles', () => {
  const portAlder = { latitude: 44.0921, longitude: -87.6563 };

  it('is the great-circle distance to the venue in miles', () => {
    // One degree of latitude is about 69 miles.
    expect(distanceMiles({ latitude: 45.0921, longitude: -87.6563 }, portAlder)).toBeCloseTo(69.09, 1);
    expect(distanceMiles(portAlder, portAlder)).toBe(0);
  });

  it('is null without a user location or venue coordinates', () => {
    expect(distanceMiles(null, portAlder)).toBeNull();
    expect(distanceMiles(portAlder, { latitude: null, longitude: -87.6 })).toBeNull();
    expect(distanceMiles(portAlder, { latitude: 44, longitude: null })).toBeNull();
  });
});

describe('directionsUrl (spec 2.4)', () => {
  const base = { address: null, google_place_id: null, latitude: null, longitude: null };

  it('uses the address and place id when the venue has both', () => {
    expect(
      directionsUrl({
        address: '118 Harbor Street, Port Alder, WI 54290',
        google_place_id: 'ChIJDemoLakeshoreAnchorOar301',
        latitude: 44.0921,
        longitude: -87.6563,
      }),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=118%20Harbor%20Street%2C%20Port%20Alder%2C%20WI%2054290' +
        '&destination_place_id=ChIJDemoLakeshoreAnchorOar301',
    );
  });

  it('encodes characters that would break the query', () => {
    expect(directionsUrl({ ...base, address: 'A & B #1', google_place_id: 'id=1&x' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=A%20%26%20B%20%231&destination_place_id=id%3D1%26x',
    );
  });

  it('falls back to coordinates (venues 303 and 306)', () => {
    expect(directionsUrl({ ...base, latitude: 44.0712, longitude: -87.7001 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=44.0712,-87.7001',
    );
    // An address without a place id is not enough, but coordinates are.
    expect(directionsUrl({ ...base, address: '1 Main St', latitude: 0, longitude: 0 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=0,0',
    );
  });

  it('gives no link for an address alone (venue 304), a place id alone, or half a coordinate', () => {
    expect(directionsUrl({ ...base, address: '22 Dune Road' })).toBeNull();
    expect(directionsUrl({ ...base, google_place_id: 'ChIJ123' })).toBeNull();
    expect(directionsUrl({ ...base, address: '  ', google_place_id: 'ChIJ123' })).toBeNull();
    expect(directionsUrl({ ...base, latitude: 44.1 })).toBeNull();
    expect(directionsUrl(base)).toBeNull();
  });
});
