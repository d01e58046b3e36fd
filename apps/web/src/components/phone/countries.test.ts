import { getCountries } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, phoneCountryName } from './countries';
import { searchCountries } from './country-search';
import { flagUrl } from './flags';

describe('phone countries (spec 3 fixed list)', () => {
  it('has about 250 countries, US and Canada first, the rest by name', () => {
    expect(PHONE_COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(PHONE_COUNTRIES.length).toBeLessThanOrEqual(260);
    expect(PHONE_COUNTRIES.slice(0, 2)).toEqual([
      { code: 'US', name: 'United States' },
      { code: 'CA', name: 'Canada' },
    ]);
    const rest = PHONE_COUNTRIES.slice(2).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('is exactly the countries libphonenumber-js has metadata for, each once', () => {
    const codes = PHONE_COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...getCountries(metadata)].sort());
  });

  it('has a bundled flag for every country', () => {
    const missing = PHONE_COUNTRIES.filter((country) => !flagUrl(country.code));
    expect(missing).toEqual([]);
    expect(flagUrl('US')).toMatch(/US\.svg/);
    expect(flagUrl('ZZ')).toBeNull();
  });

  it('names a code', () => {
    expect(phoneCountryName('GB')).toBe('United Kingdom');
  });
});

describe('searchCountries (spec 2.19 country search box)', () => {
  const names = (query: string) => searchCountries(PHONE_COUNTRIES, query).map((country) => country.name);

  it('finds by part of the name, ignoring case and accents', () => {
    expect(names('kingdom')).toEqual(['United Kingdom']);
    expect(names('SAO TOME')).toEqual(['São Tomé & Príncipe']);
  });

  it('puts names that start with the text first, then words that do, then the rest', () => {
    expect(names('ki')[0]).toBe('Kiribati');
    expect(names('ki')).toEqual(
      expect.arrayContaining(['Congo - Kinshasa', 'St. Kitts & Nevis', 'United Kingdom']),
    );
    expect(names('ki').indexOf('United Kingdom')).toBeLessThan(names('ki').indexOf('Burkina Faso'));
    expect(names('gui')[0]).toBe('Guinea');
  });

  it('finds by two-letter code and by calling code, with or without the plus', () => {
    expect(names('gb')).toEqual(['United Kingdom']);
    expect(names('+44')).toEqual(
      expect.arrayContaining(['United Kingdom', 'Guernsey', 'Isle of Man', 'Jersey']),
    );
    expect(names('1').slice(0, 2)).toEqual(['United States', 'Canada']);
  });

  it('lists every country for an empty query', () => {
    expect(searchCountries(PHONE_COUNTRIES, '  ')).toHaveLength(PHONE_COUNTRIES.length);
  });
});
