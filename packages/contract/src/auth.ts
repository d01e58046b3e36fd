import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN } from './constants';
import { partnerUser } from './entities';

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

/** POST /logout takes no fields: no body, an empty body or `{}`. */
export const logoutRequest = z.strictObject({}).nullish();
export type LogoutRequest = z.infer<typeof logoutRequest>;

export const logoutResponse = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof logoutResponse>;
