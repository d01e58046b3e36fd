import { describe, expect, it } from 'vitest';
import {
  countryOfNumber,
  displayPhone,
  formatInternational,
  keepPhoneCharacters,
  PHONE_INVALID_MESSAGE,
  PHONE_REQUIRED_MESSAGE,
  phoneValidity,
  withCountry,
} from './phone-number';

describe('keepPhoneCharacters (spec 2.19 valid characters only)', () => {
  it('keeps digits, spaces, dashes, dots, parentheses and one leading plus', () => {
    expect(keepPhoneCharacters('tel:+1 (920) 555-0123')).toBe('+1 (920) 555-0123');
    expect(keepPhoneCharacters('920abc555x0123')).toBe('9205550123');
    expect(keepPhoneCharacters('44+20+7946')).toBe('44207946');
    expect(keepPhoneCharacters('  +44 20')).toBe('+44 20');
  });
});

describe('formatInternational (international mode)', () => {
  it('formats as typed with the calling code', () => {
    expect(formatInternational('+19205550123', 'US')).toEqual({ text: '+1 920 555 0123', country: 'US' });
  });

  it('reads digits without a plus as the chosen country’s national number', () => {
    expect(formatInternational('9205550123', 'US').text).toBe('+1 920 555 0123');
    expect(formatInternational('7911 123456', 'GB').text).toBe('+44 7911 123456');
  });

  it('follows the country the digits name (a Canadian area code, another calling code)', () => {
    expect(formatInternational('+15195550144', 'US').country).toBe('CA');
    expect(formatInternational('+442079460958', 'US').country).toBe('GB');
  });

  it('keeps an empty field empty and a lone plus as it is', () => {
    expect(formatInternational('   ', 'US')).toEqual({ text: '', country: 'US' });
    expect(formatInternational('+', 'US')).toEqual({ text: '+', country: 'US' });
    expect(formatInternational('abc', 'US')).toEqual({ text: '', country: 'US' });
  });
});

describe('countryOfNumber', () => {
  it('keeps the chosen country when it shares the calling code', () => {
    expect(countryOfNumber('+1', 'CA')).toBe('CA');
    expect(countryOfNumber('+1', 'US')).toBe('US');
  });

  it('takes the main country of another calling code', () => {
    expect(countryOfNumber('+7', 'US')).toBe('RU');
    expect(countryOfNumber('+44', 'US')).toBe('GB');
  });

  it('keeps the chosen country for national digits or nothing', () => {
    expect(countryOfNumber('920', 'CA')).toBe('CA');
    expect(countryOfNumber('', 'GB')).toBe('GB');
  });
});

describe('withCountry (choosing another country)', () => {
  it('swaps the calling code and keeps the rest', () => {
    expect(withCountry('+1 7911 123456', 'US', 'GB')).toBe('+44 7911 123456');
  });

  it('gives the bare calling code when there is no national part, and nothing for an empty field', () => {
    expect(withCountry('+1', 'US', 'GB')).toBe('+44');
    expect(withCountry('', 'US', 'GB')).toBe('');
  });
});

describe('phoneValidity (spec 5 Phone)', () => {
  it('required and empty: Phone number is required', () => {
    expect(phoneValidity('  ', true)).toEqual({ valid: false, message: PHONE_REQUIRED_MESSAGE, e164: null });
  });

  it('optional and empty: valid', () => {
    expect(phoneValidity('', false)).toEqual({ valid: true, message: null, e164: null });
  });

  it('an invalid number: Invalid phone number, required or not', () => {
    expect(phoneValidity('+1 123 456 7890', false).message).toBe(PHONE_INVALID_MESSAGE);
    expect(phoneValidity('+44 7911', true).message).toBe(PHONE_INVALID_MESSAGE);
    expect(phoneValidity('+', true).message).toBe(PHONE_INVALID_MESSAGE);
  });

  it('a valid number gives its E.164 form', () => {
    expect(phoneValidity('+1 920 555 0123', true)).toEqual({
      valid: true,
      message: null,
      e164: '+19205550123',
    });
    expect(phoneValidity(' +1 519 555 0144 ', false).e164).toBe('+15195550144');
  });
});

describe('displayPhone', () => {
  it('formats a stored number internationally and leaves what does not parse as stored', () => {
    expect(displayPhone('+19205550123')).toBe('+1 920 555 0123');
    expect(displayPhone('+15195550144')).toBe('+1 519 555 0144');
    expect(displayPhone(' ask at the desk ')).toBe('ask at the desk');
  });
});
