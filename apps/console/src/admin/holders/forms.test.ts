import { describe, expect, it } from 'vitest';
import { toCreateHolderRequest } from './createRequest';
import { parsePoints } from './points';

describe('parsePoints', () => {
  it('reads whole numbers with a sign', () => {
    expect(parsePoints(' 50 ')).toBe(50);
    expect(parsePoints('+20')).toBe(20);
    expect(parsePoints('-20')).toBe(-20);
  });

  it('refuses what the contract refuses, with the message to show', () => {
    expect(parsePoints('0')).toMatch(/other than 0/);
    expect(parsePoints('1.5')).toMatch(/whole number/);
    expect(parsePoints('')).toMatch(/whole number/);
    expect(parsePoints('1000001')).toMatch(/At most/);
  });
});

describe('toCreateHolderRequest', () => {
  it('trims the fields and sends an empty phone as none', () => {
    expect(
      toCreateHolderRequest({ firstName: ' Ava ', lastName: 'Li', email: ' ava@example.com', phone: '' }),
    ).toEqual({
      firstName: 'Ava',
      lastName: 'Li',
      email: 'ava@example.com',
      phone: null,
      contactPermission: false,
    });
  });

  it('takes the spaces and brackets out of a phone number', () => {
    expect(toCreateHolderRequest({ phone: '+1 (920) 555-0123', contactPermission: true })).toMatchObject({
      phone: '+19205550123',
      contactPermission: true,
    });
  });
});
