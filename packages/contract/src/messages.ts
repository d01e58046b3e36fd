import { z } from 'zod';
import { idParam, passQuery } from './common';

/** GET /pass/api/partnerUser/{id}/messages/unreadCount query: the session's offer. */
export const unreadCountQuery = passQuery.extend({ offerId: idParam });
export type UnreadCountQuery = z.infer<typeof unreadCountQuery>;

/** Messages of the user on the offer that have not been read (no read_at). */
export const unreadCountResponse = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** Spec 3 Message: HTML `message`, unread while read_at is null. */
export const message = z.object({
  id: z.number().int().positive(),
  subject: z.string(),
  /** HTML as stored: the app sanitises it where it renders it. */
  message: z.string(),
  image: z.string().nullable(),
  delivered_at: z.string(),
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof message>;

/** GET /partnerUser/{id}/messages?offerId: the holder's messages on the offer, newest first. */
export const messagesQuery = passQuery.extend({ offerId: idParam });
export type MessagesQuery = z.infer<typeof messagesQuery>;
export const messagesResponse = z.object({ data: z.array(message) });
export type MessagesResponse = z.infer<typeof messagesResponse>;

/** PUT /partnerUser/{id}/messages/{messageId}: mark read (read true); answers id and read_at. */
export const messageParams = z.strictObject({ id: idParam, messageId: idParam });
export const markReadRequest = z.strictObject({ read: z.literal(true) });
export const markReadResponse = z.object({ id: z.number().int().positive(), read_at: z.string() });
export type MarkReadResponse = z.infer<typeof markReadResponse>;
