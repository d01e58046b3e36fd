import { z } from 'zod';
import { partnerUser } from './entities';

/** The login form's rule (spec 5): text, @, domain, a dot and a suffix of two or more characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const EMAIL_MIN_LENGTH = 3;
/** RFC 5321 caps a forward path at 254 characters; anything longer is rejected before any lookup. */
export const EMAIL_MAX_LENGTH = 254;

export const loginRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .min(EMAIL_MIN_LENGTH, 'Min 3 characters')
    .max(EMAIL_MAX_LENGTH, `At most ${EMAIL_MAX_LENGTH} characters`)
    .regex(EMAIL_PATTERN, 'Enter a valid e-mail address'),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ partner_user: partnerUser });
export type LoginResponse = z.infer<typeof loginResponse>;

/** Shown by the Login page when the server answers 404 (spec 8). */
export const LOGIN_NOT_FOUND_MESSAGE = 'We could not find this email in our logs.';

/** POST /logout takes no fields: no body, an empty body or `{}`. */
export const logoutRequest = z.strictObject({}).nullish();
export type LogoutRequest = z.infer<typeof logoutRequest>;

export const logoutResponse = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponse>;
