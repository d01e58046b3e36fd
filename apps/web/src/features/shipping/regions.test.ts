import { describe, expect, it } from 'vitest';
import { ADDRESS_COUNTRIES, addressCountry, CA_PROVINCES, regionsOf, stateIn, US_STATES } from './regions';

describe('address option lists (spec 3)', () => {
  it('ships to the United States and Canada, US first', () => {
    expect(ADDRESS_COUNTRIES).toEqual([
      { code: 'US', name: 'United States' },
      { code: 'CA', name: 'Canada' },
    ]);
  });

  it('lists the 50 states, DC and the five inhabited territories, each once', () => {
    const codes = US_STATES.map((state) => state.code);
    expect(codes).toHaveLength(56);
    expect(new Set(codes).size).toBe(56);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'WI', 'CA', 'NY']));
    expect(US_STATES.find((state) => state.code === 'DC')?.name).toBe('District of Columbia');
  });

  it('lists the 13 Canadian provinces and territories', () => {
    expect(CA_PROVINCES.map((province) => province.code).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
  });

  it('every code fits the order’s state field (at most 3 characters)', () => {
    for (const region of [...US_STATES, ...CA_PROVINCES]) expect(region.code).toMatch(/^[A-Z]{2,3}$/);
  });

  it('the state list depends on the country', () => {
    expect(regionsOf('US')).toBe(US_STATES);
    expect(regionsOf('CA')).toBe(CA_PROVINCES);
  });
});

describe('addressCountry (spec 5: default US if another value is set)', () => {
  it('keeps US and CA, in any case', () => {
    expect(addressCountry('CA')).toBe('CA');
    expect(addressCountry(' ca ')).toBe('CA');
    expect(addressCountry('us')).toBe('US');
  });

  it('falls back to US for any other country or none', () => {
    expect(addressCountry('GB')).toBe('US');
    expect(addressCountry('Canada')).toBe('US');
    expect(addressCountry(null)).toBe('US');
    expect(addressCountry(undefined)).toBe('US');
  });
});

describe('stateIn (spec 5: a state not in the new list is cleared)', () => {
  it('keeps a state of the country', () => {
    expect(stateIn('US', 'WI')).toBe('WI');
    expect(stateIn('CA', 'on')).toBe('ON');
  });

  it('clears one that is not', () => {
    expect(stateIn('CA', 'WI')).toBe('');
    expect(stateIn('US', 'ON')).toBe('');
    expect(stateIn('US', null)).toBe('');
  });
});
