import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { listPage, listQuery } from './common';

/** Issue 30 item 4: messages to an offer's holders (paths as consolePaths). */
export const messagePaths = {
  messages: '/console/api/offers/:offerId/messages',
  message: '/console/api/offers/:offerId/messages/:messageId',
} as const;

/** The longest body accepted, in characters of HTML (before sanitising). */
export const MAX_MESSAGE_HTML = 50_000;

/**
 * POST .../messages: a title and rich-text HTML, to every holder of the offer (no holderId) or to one
 * holder, now (no sendAt) or at sendAt (ISO date-time, in the future). The server sanitises the HTML by the
 * rules the holder's app renders with (HTML_RULES); the list answers the sanitised HTML as stored.
 */
export const composeMessageRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'A title is required.')
    .max(200, 'The title is too long (at most 200 characters).'),
  html: z
    .string()
    .min(1, 'The message is empty.')
    .max(MAX_MESSAGE_HTML, `The message is too long (at most ${MAX_MESSAGE_HTML} characters of HTML).`),
  holderId: id.nullable().optional(),
  sendAt: z.iso
    .datetime({ offset: true, error: 'Enter the time as an ISO date and time, like 2026-12-01T09:00:00Z.' })
    .nullable()
    .optional(),
});
export type ComposeMessageRequest = z.infer<typeof composeMessageRequest>;

export const MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export const messageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatus>;

/** One message as the console lists it. `recipients` counts the holders it went (or will go) to. */
export const consoleMessage = z.object({
  id,
  title: z.string(),
  /** Sanitised, as the holders get it. */
  html: z.string(),
  audience: z.enum(['offer', 'holder']),
  holder: z.object({ id, name: z.string(), email: z.string() }).nullable(),
  sendAt: isoDateTime,
  status: messageStatus,
  recipients: z.number().int().nonnegative(),
  /** How many recipients have opened it (0 until sent). */
  read: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  createdBy: z.string(),
  cancelledAt: isoDateTime.nullable(),
});
export type ConsoleMessage = z.infer<typeof consoleMessage>;

export const MESSAGE_SORT_FIELDS = ['sendAt', 'createdAt', 'title'] as const;
/** GET .../messages?status&page&perPage&sort&order&q (q: the title); newest sendAt first by default. */
export const messageListQuery = listQuery(MESSAGE_SORT_FIELDS).extend({
  status: messageStatus.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;
export const messagePage = listPage(consoleMessage);
export type MessagePage = z.infer<typeof messagePage>;

export const consoleMessageParams = z.strictObject({ offerId: idParam, messageId: idParam });
