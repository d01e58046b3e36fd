import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN } from '@trailpass/contract';
import { translate } from '../../../i18n';

export type LoginEmailCheck = { ok: true; email: string } | { ok: false; message: string };

/**
 * Spec 5, login e-mail: Required., Min 3 characters, then the contract's pattern, on the trimmed value; the
 * message in the holder's language.
 * A plain function rather than a zod schema with react-hook-form: Login is the first page a visitor sees,
 * and those two libraries were a third of the JavaScript it loaded (decision 0025).
 */
export function checkLoginEmail(raw: string): LoginEmailCheck {
  const email = raw.trim();
  if (email.length === 0) return { ok: false, message: translate('login:required') };
  if (email.length < EMAIL_MIN_LENGTH)
    return { ok: false, message: translate('login:minLength', { min: EMAIL_MIN_LENGTH }) };
  if (email.length > EMAIL_MAX_LENGTH)
    return { ok: false, message: translate('login:maxLength', { max: EMAIL_MAX_LENGTH }) };
  if (!EMAIL_PATTERN.test(email)) return { ok: false, message: translate('login:invalidEmail') };
  return { ok: true, email };
}
