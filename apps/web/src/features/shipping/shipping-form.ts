import { type Address, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '@trailpass/contract';
// zod's tree-shakable build: this page's chunk carries only the checks it uses.
import * as z from 'zod/mini';
import { formatInternational, phoneValidity } from '../../components/phone/phone-number';
import { type AddressCountry, addressCountry, stateIn } from './regions';

// The rules' messages, in English: the form shows them in the chosen language (FormTextField).
export const REQUIRED_MESSAGE = 'Required';
export const INVALID_EMAIL_MESSAGE = 'Enter a Valid Email';
export const SHIP_TO_SELF_MESSAGE = 'You cannot ship this to yourself';

/**
 * Whether the shipping form asks for a phone number. Spec 5 lets a phone be optional; a courier may
 * want one, but a gift's sender often does not know the recipient's, so an empty phone is accepted and
 * a typed one must be valid.
 */
export const SHIPPING_PHONE_REQUIRED = false;

/** The shipping form as the holder edits it: every field a string, the country one of ours. */
export interface ShippingFormValues {
  shipToSomeoneElse: boolean;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address: string;
  address_2: string;
  country: AddressCountry;
  state: string;
  city: string;
  zip_code: string;
}

/** The person and address fields of a stored address, the holder's record, or nothing. */
export type AddressSource = Partial<Record<keyof Address, string | null | undefined>>;

const maxLength = (limit: number) => z.maxLength(limit, `At most ${limit} characters`);

/** The limit of a maxLength rule's message, or null for another message. */
export function maxLengthOf(message: string): number | null {
  const match = /^At most (\d+) characters$/.exec(message);
  return match ? Number(match[1]) : null;
}
const required = (limit: number) =>
  z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), maxLength(limit));

/**
 * Spec 5 shipping rules. `holderEmail` is the pass holder's own e-mail: a gift may not be sent to it.
 * The phone check is the phone input's own (spec 5 Phone), so Next is disabled while it is invalid.
 */
export function shippingFormSchema(holderEmail: string | null) {
  const ownEmail = holderEmail?.trim().toLowerCase() ?? '';
  return z
    .object({
      shipToSomeoneElse: z.boolean(),
      first_name: required(100),
      last_name: required(100),
      email: z.string().check(
        z.trim(),
        maxLength(EMAIL_MAX_LENGTH),
        z.refine((value) => value === '' || EMAIL_PATTERN.test(value), INVALID_EMAIL_MESSAGE),
      ),
      phone: z.string().check(
        z.trim(),
        z.superRefine((value, ctx) => {
          const { message } = phoneValidity(value, SHIPPING_PHONE_REQUIRED);
          if (message) ctx.issues.push({ code: 'custom', message, input: value });
        }),
      ),
      address: required(200),
      address_2: z.string().check(z.trim(), maxLength(200)),
      country: z.enum(['US', 'CA'], REQUIRED_MESSAGE),
      state: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE)),
      city: required(100),
      zip_code: required(20),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.shipToSomeoneElse && ownEmail !== '' && values.email.toLowerCase() === ownEmail) {
          ctx.issues.push({
            code: 'custom',
            message: SHIP_TO_SELF_MESSAGE,
            input: values.email,
            path: ['email'],
          });
        }
      }),
    );
}
export type ShippingFormSchema = ReturnType<typeof shippingFormSchema>;
export type ShippingFormOutput = z.output<ShippingFormSchema>;

/** The first value of each field from a stored address (spec 5: other countries start on US). */
export function formValuesFrom(source: AddressSource | null, shipToSomeoneElse: boolean): ShippingFormValues {
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  const country = addressCountry(source?.country);
  const phone = text(source?.phone);
  return {
    shipToSomeoneElse,
    first_name: text(source?.first_name),
    last_name: text(source?.last_name),
    email: text(source?.email),
    phone: phone === '' ? '' : formatInternational(phone, country).text,
    address: text(source?.address),
    address_2: text(source?.address_2),
    country,
    state: stateIn(country, source?.state),
    city: text(source?.city),
    zip_code: text(source?.zip_code),
  };
}

/**
 * Each field of the order's own copy, else the holder's record: an order made before the holder gave an
 * address still starts with what the pass knows.
 */
export function mergeSources(first: AddressSource | null, fallback: AddressSource | null): AddressSource {
  const keys: (keyof Address)[] = [
    'first_name',
    'last_name',
    'email',
    'phone',
    'address',
    'address_2',
    'country',
    'state',
    'city',
    'zip_code',
  ];
  const merged: AddressSource = {};
  for (const key of keys) {
    const own = first?.[key]?.trim();
    merged[key] = own ? own : (fallback?.[key] ?? null);
  }
  return merged;
}

/** The address the cart stores (spec 3 Address/recipient): optional fields left empty become null, the phone E.164. */
export function toAddress(values: ShippingFormOutput): Address {
  const orNull = (value: string) => (value === '' ? null : value);
  const phone = phoneValidity(values.phone, SHIPPING_PHONE_REQUIRED);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: orNull(values.email),
    phone: phone.e164 ?? orNull(values.phone),
    address: values.address,
    address_2: orNull(values.address_2),
    country: values.country,
    state: values.state,
    city: values.city,
    zip_code: values.zip_code,
  };
}

/** Whether a stored recipient says anything (an order's distribute may be an empty record). */
export function hasRecipient(source: AddressSource | null | undefined): boolean {
  return Boolean(
    source && Object.values(source).some((value) => typeof value === 'string' && value.trim() !== ''),
  );
}
