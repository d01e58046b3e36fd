import { describe, expect, it } from 'vitest';
import { pickupLines, shipToLines } from './places';

const address = {
  recipient: false,
  name: 'Ava Lindqvist',
  email: 'ava@example.com',
  phone: null,
  address: '12 Harbor Rd',
  address2: null,
  city: 'Lakeshore',
  state: 'WI',
  zipCode: '53000',
  country: 'US',
};

describe('shipToLines', () => {
  it('lays an address out as a label, a named recipient marked', () => {
    expect(shipToLines(address)).toEqual(['Ava Lindqvist', '12 Harbor Rd', 'Lakeshore, WI 53000', 'US']);
    expect(shipToLines({ ...address, recipient: true, name: 'Mia Gift' })[0]).toBe('Mia Gift (recipient)');
  });

  it('says when the holder has given no address yet, and nothing for no destination', () => {
    expect(
      shipToLines({ ...address, address: null, city: null, state: null, zipCode: null, country: null }),
    ).toEqual(['Ava Lindqvist', 'No address yet']);
    expect(shipToLines(null)).toEqual([]);
  });
});

describe('pickupLines', () => {
  it('gives the venue, the chosen slot on its clock and the instructions', () => {
    expect(
      pickupLines({
        venueName: 'Harbor Taproom',
        instructions: 'Ask at the bar.',
        slot: { date: '2026-12-01', time: '10:00', timezone: 'America/Chicago', pointName: 'Front desk' },
      }),
    ).toEqual(['Harbor Taproom', 'Front desk, 2026-12-01 at 10:00 (America/Chicago)', 'Ask at the bar.']);
    expect(pickupLines({ venueName: null, instructions: null, slot: null })).toEqual([]);
  });
});
