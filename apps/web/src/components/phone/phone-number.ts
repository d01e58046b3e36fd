import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/core';
// The smallest metadata (about 19 kB gzip): it formats as you type and checks each country's number
// lengths and leading digits, which is what "Invalid phone number" needs. The pages that import this
// module (ShippingInfo, More) are lazy chunks, so none of it is in the initial JS.
import metadata from 'libphonenumber-js/min/metadata';
import { englishText, translate } from '../../i18n';

export type { CountryCode };

/** Spec 5's messages in English (tests); phoneValidity gives them in the holder's language. */
export const PHONE_REQUIRED_MESSAGE = englishText('components:phoneRequired');
export const PHONE_INVALID_MESSAGE = englishText('components:phoneInvalid');

/** Spec 2.19: the result the phone input emits beside the trimmed number. */
export interface PhoneValidity {
  valid: boolean;
  /** Spec 5 message in the holder's language, or null when valid. */
  message: string | null;
  /** The number in E.164 (+19205550123) when it parses, for storing; null when empty or unparseable. */
  e164: string | null;
}

export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code as CountryCode, metadata);
}

export function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(country, metadata);
}

/**
 * Spec 2.19 "valid characters only": digits, spaces, dashes, dots and parentheses, and a plus only as
 * the first character (so a pasted "tel:+1 (920) 555-0123" keeps its number and drops the rest).
 */
export function keepPhoneCharacters(text: string): string {
  const kept = text.replace(/[^\d\s+().-]/g, '');
  const plus = kept.trimStart().startsWith('+');
  const rest = kept.replace(/\+/g, '');
  return plus ? `+${rest.trimStart()}` : rest;
}

/**
 * The country a number belongs to: the one its digits name, else the chosen one when it shares the
 * calling code (+1 alone fits both US and CA), else the main country of the calling code.
 */
export function countryOfNumber(text: string, chosen: CountryCode): CountryCode {
  const digits = text.replace(/\D/g, '');
  if (!text.trim().startsWith('+') || digits === '') return chosen;
  const typer = new AsYouType(undefined, metadata);
  typer.input(`+${digits}`);
  const named = typer.getCountry();
  if (named) return named;
  const callingCode = typer.getCallingCode();
  if (!callingCode || callingCode === callingCodeOf(chosen)) return chosen;
  const main = metadata.country_calling_codes[callingCode]?.[0];
  return main && isPhoneCountry(main) ? main : chosen;
}

/**
 * International mode (spec 2.19): what the field shows for text as typed or pasted. Digits without a
 * leading plus are the chosen country's national number, so "9205550123" with US becomes
 * "+1 920 555 0123". Returns the display text (trimmed) and the country it now belongs to.
 */
export function formatInternational(
  text: string,
  chosen: CountryCode,
): { text: string; country: CountryCode } {
  const clean = keepPhoneCharacters(text).trim();
  if (clean === '') return { text: '', country: chosen };
  const digits = clean.replace(/\D/g, '');
  if (digits === '') return { text: clean.startsWith('+') ? '+' : '', country: chosen };
  const international = clean.startsWith('+') ? `+${digits}` : `+${callingCodeOf(chosen)}${digits}`;
  const formatted = new AsYouType(undefined, metadata).input(international).trim();
  return { text: formatted, country: countryOfNumber(international, chosen) };
}

/**
 * The same number under another country (the country menu): the old calling code, when the number
 * starts with it, is swapped for the new one and the rest is kept.
 */
export function withCountry(text: string, from: CountryCode, to: CountryCode): string {
  const digits = keepPhoneCharacters(text).replace(/\D/g, '');
  if (digits === '') return '';
  const oldCode = callingCodeOf(from);
  const national =
    text.trim().startsWith('+') && digits.startsWith(oldCode) ? digits.slice(oldCode.length) : digits;
  if (national === '') return `+${callingCodeOf(to)}`;
  return formatInternational(`+${callingCodeOf(to)}${national}`, to).text;
}

/** Spec 5 Phone: required and empty, Phone number is required; otherwise invalid, Invalid phone number. */
export function phoneValidity(text: string, required: boolean): PhoneValidity {
  const trimmed = text.trim();
  if (trimmed === '') {
    return required
      ? { valid: false, message: translate('components:phoneRequired'), e164: null }
      : { valid: true, message: null, e164: null };
  }
  const parsed = parsePhoneNumberFromString(keepPhoneCharacters(trimmed), metadata);
  if (!parsed?.isValid())
    return { valid: false, message: translate('components:phoneInvalid'), e164: parsed?.number ?? null };
  return { valid: true, message: null, e164: parsed.number };
}

/**
 * A stored number for reading (More, the shipping form's first value): international format when it
 * parses ("+1 920 555 0123"), else as stored.
 */
export function displayPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim(), metadata);
  return parsed ? parsed.formatInternational() : stored.trim();
}
