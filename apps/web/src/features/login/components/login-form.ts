import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH, EMAIL_PATTERN } from '@trailpass/contract';
// zod's tree-shakable build: the Login chunk carries only the checks it uses.
import * as z from 'zod/mini';

export const REQUIRED_MESSAGE = 'Required.';
export const MIN_LENGTH_MESSAGE = 'Min 3 characters';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com';
export const MAX_LENGTH_MESSAGE = `At most ${EMAIL_MAX_LENGTH} characters`;

/** Spec 5, login e-mail: Required., Min 3 characters, then the contract's pattern. */
export const loginFormSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, REQUIRED_MESSAGE),
      z.minLength(EMAIL_MIN_LENGTH, MIN_LENGTH_MESSAGE),
      z.maxLength(EMAIL_MAX_LENGTH, MAX_LENGTH_MESSAGE),
      z.regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
    ),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;
