import { z } from 'zod';
import { id } from './common';

/** Spec 9 priority levels of a suggestion. */
export const SUGGESTION_PRIORITIES = ['Nice to Have', 'Important', 'Critical'] as const;
export const EMAIL_SENT_MESSAGE = 'Email Sent!';

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} is too long (at most ${max} characters).`);

/** POST /partnerUser/{id}/suggestions (spec 7, 2.17). Ids must be the session's (else 404). */
export const suggestionRequest = z.strictObject({
  suggestion: text(5000, 'The suggestion'),
  priority: z.enum(SUGGESTION_PRIORITIES),
  contactPermission: z.union([z.literal(0), z.literal(1)]),
  partnerName: z.string().max(200),
  offerId: id,
  partnerId: id,
  partnerUserId: id,
});
export type SuggestionRequest = z.infer<typeof suggestionRequest>;

/** POST /partnerUser/{id}/needHelp (spec 7, 2.16): orderId is the chosen deal's last order, if any. */
export const needHelpRequest = z.strictObject({
  question: text(5000, 'Your request'),
  itemSelected: text(200, 'The option'),
  partnerName: z.string().max(200),
  partnerId: id,
  partnerUserId: id,
  orderId: id.nullable().optional(),
});
export type NeedHelpRequest = z.infer<typeof needHelpRequest>;

/** Both are stored; the answer says so. */
export const supportReceipt = z.object({ id, message: z.string() });
export type SupportReceipt = z.infer<typeof supportReceipt>;

/** POST /partnerUser/{id}/update (spec 7 Update phone): an E.164 number, or null to remove it. */
export const updatePhoneRequest = z.strictObject({
  phone: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$/, 'Enter the number in international format, like +19205550123.')
    .nullable(),
});
export type UpdatePhoneRequest = z.infer<typeof updatePhoneRequest>;
