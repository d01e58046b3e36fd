import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN } from '@trailpass/contract';
import { z } from 'zod';

export const REQUIRED_MESSAGE = 'Required.';
export const MIN_LENGTH_MESSAGE = 'Min 3 characters';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com';
export const MAX_LENGTH_MESSAGE = `At most ${EMAIL_MAX_LENGTH} characters`;

/** Spec 5, login e-mail: Required., Min 3 characters, then the contract's pattern. */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .min(EMAIL_MIN_LENGTH, MIN_LENGTH_MESSAGE)
    .max(EMAIL_MAX_LENGTH, MAX_LENGTH_MESSAGE)
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;
