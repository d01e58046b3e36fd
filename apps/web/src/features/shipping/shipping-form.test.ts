import { describe, expect, it } from 'vitest';
import {
  formValuesFrom,
  hasRecipient,
  INVALID_EMAIL_MESSAGE,
  mergeSources,
  REQUIRED_MESSAGE,
  SHIP_TO_SELF_MESSAGE,
  type ShippingFormValues,
  shippingFormSchema,
  toAddress,
} from './shipping-form';

const valid: ShippingFormValues = {
  shipToSomeoneElse: false,
  first_name: 'Ava',
  last_name: 'Lindqvist',
  email: 'ava@example.com',
  phone: '+1 920 555 0123',
  address: '742 Birch Lane',
  address_2: '',
  country: 'US',
  state: 'WI',
  city: 'Port Alder',
  zip_code: '54290',
};

/** The first message for each field that fails. */
function errors(values: ShippingFormValues, holderEmail: string | null = 'ava@example.com') {
  const result = shippingFormSchema(holderEmail).safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    messages[key] ??= issue.message;
  }
  return messages;
}

describe('shippingFormSchema (spec 5)', () => {
  it('accepts a complete address with an empty Suite/Apt, e-mail and phone', () => {
    expect(errors(valid)).toEqual({});
    expect(errors({ ...valid, email: '', phone: '' })).toEqual({});
  });

  it('requires names and every address field but Suite/Apt: Required', () => {
    const blank = { first_name: ' ', last_name: '', address: '', state: '', city: '', zip_code: '  ' };
    expect(errors({ ...valid, ...blank })).toEqual({
      first_name: REQUIRED_MESSAGE,
      last_name: REQUIRED_MESSAGE,
      address: REQUIRED_MESSAGE,
      state: REQUIRED_MESSAGE,
      city: REQUIRED_MESSAGE,
      zip_code: REQUIRED_MESSAGE,
    });
  });

  it('an e-mail must look like one: Enter a Valid Email', () => {
    expect(errors({ ...valid, email: 'ava@example' })).toEqual({ email: INVALID_EMAIL_MESSAGE });
  });

  it('shipping to someone else, the holder’s own e-mail is refused, in any case', () => {
    const gift = { ...valid, shipToSomeoneElse: true, first_name: 'Mia' };
    expect(errors({ ...gift, email: ' AVA@example.com ' })).toEqual({ email: SHIP_TO_SELF_MESSAGE });
    expect(errors({ ...gift, email: 'mia@example.com' })).toEqual({});
    // Shipping to oneself, one's own e-mail is of course fine.
    expect(errors(valid)).toEqual({});
  });

  it('checks the phone like the phone input: an invalid number gives Invalid phone number', () => {
    expect(errors({ ...valid, phone: '+1 123 456' })).toEqual({ phone: 'Invalid phone number' });
  });
});

describe('formValuesFrom', () => {
  it('falls back to US for another country and clears a state that is not in the list (Sam, GB)', () => {
    const values = formValuesFrom({ first_name: 'Sam', country: 'GB', state: 'LND', phone: null }, false);
    expect(values).toMatchObject({ first_name: 'Sam', country: 'US', state: '', phone: '', city: '' });
  });

  it('keeps a Canadian address (Harper, ON) and formats the stored phone', () => {
    const values = formValuesFrom(
      { country: 'CA', state: 'ON', phone: '+15195550144', zip_code: 'N0A 1N0' },
      true,
    );
    expect(values).toMatchObject({
      shipToSomeoneElse: true,
      country: 'CA',
      state: 'ON',
      phone: '+1 519 555 0144',
    });
  });

  it('starts blank on US without a source', () => {
    expect(formValuesFrom(null, true)).toEqual({
      shipToSomeoneElse: true,
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      address: '',
      address_2: '',
      country: 'US',
      state: '',
      city: '',
      zip_code: '',
    });
  });
});

describe('mergeSources and hasRecipient', () => {
  it('takes each field from the order, else from the holder', () => {
    expect(
      mergeSources({ first_name: 'Ava', city: ' ', state: null }, { city: 'Port Alder', state: 'WI' }),
    ).toMatchObject({ first_name: 'Ava', city: 'Port Alder', state: 'WI', zip_code: null });
  });

  it('an empty record is no recipient', () => {
    expect(hasRecipient(null)).toBe(false);
    expect(hasRecipient({ first_name: null, city: ' ' })).toBe(false);
    expect(hasRecipient({ first_name: 'Mia' })).toBe(true);
  });
});

describe('toAddress', () => {
  it('stores the phone in E.164 and empty optional fields as null', () => {
    const parsed = shippingFormSchema('ava@example.com').parse({ ...valid, email: '', address_2: ' ' });
    expect(toAddress(parsed)).toEqual({
      first_name: 'Ava',
      last_name: 'Lindqvist',
      email: null,
      phone: '+19205550123',
      address: '742 Birch Lane',
      address_2: null,
      country: 'US',
      state: 'WI',
      city: 'Port Alder',
      zip_code: '54290',
    });
  });
});
