import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN } from '@trailpass/contract';

export const REQUIRED_MESSAGE = 'Required.';
export const MIN_LENGTH_MESSAGE = 'Min 3 characters';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com';
export const MAX_LENGTH_MESSAGE = `At most ${EMAIL_MAX_LENGTH} characters`;

export type LoginEmailCheck = { ok: true; email: string } | { ok: false; message: string };

/**
 * Spec 5, login e-mail: Required., Min 3 characters, then the contract's pattern, on the trimmed value.
 * A plain function rather than a zod schema with react-hook-form: Login is the first page a visitor sees,
 * and those two libraries were a third of the JavaScript it loaded (decision 0025).
 */
export function checkLoginEmail(raw: string): LoginEmailCheck {
  const email = raw.trim();
  if (email.length === 0) return { ok: false, message: REQUIRED_MESSAGE };
  if (email.length < EMAIL_MIN_LENGTH) return { ok: false, message: MIN_LENGTH_MESSAGE };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, message: MAX_LENGTH_MESSAGE };
  if (!EMAIL_PATTERN.test(email)) return { ok: false, message: INVALID_EMAIL_MESSAGE };
  return { ok: true, email };
}
