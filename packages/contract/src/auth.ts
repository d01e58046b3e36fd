import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN, LOGIN_CODE_LENGTH } from './constants';
import { partnerUser } from './entities';

const email = z
  .string()
  .trim()
  .min(EMAIL_MIN_LENGTH, 'Min 3 characters')
  .max(EMAIL_MAX_LENGTH, `At most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

export const loginRequest = z.strictObject({ email });
export type LoginRequest = z.infer<typeof loginRequest>;

/** Signed in: the session now has this holder. */
export const signedIn = z.object({ partner_user: partnerUser });
export type SignedIn = z.infer<typeof signedIn>;

/**
 * An offer with `login_verification: email_code` (issue 29): a code went to the e-mail; the session is
 * bound only by POST /login/code with it, within LOGIN_CODE_TTL_MINUTES and LOGIN_CODE_MAX_TRIES.
 */
export const codeSent = z.object({ code_sent: z.literal(true), expires_at: z.string() });
export type CodeSent = z.infer<typeof codeSent>;

export const loginResponse = z.union([signedIn, codeSent]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginCodeRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), `Enter the ${LOGIN_CODE_LENGTH}-digit code`),
});
export type LoginCodeRequest = z.infer<typeof loginCodeRequest>;
export const loginCodeResponse = signedIn;

/** Issue 29 lost-link recovery: one answer whether or not the e-mail has a pass (it reveals nothing). */
export const lostLinkRequest = z.strictObject({ email });
export type LostLinkRequest = z.infer<typeof lostLinkRequest>;
export const lostLinkResponse = z.object({ message: z.string() });
export type LostLinkResponse = z.infer<typeof lostLinkResponse>;

/** POST /logout takes no fields: no body, an empty body or `{}`. */
export const logoutRequest = z.strictObject({}).nullish();
export type LogoutRequest = z.infer<typeof logoutRequest>;

export const logoutResponse = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponse>;
