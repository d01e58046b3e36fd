import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { listPage, listQuery } from './common';

/**
 * Issue 30 item 5: the console's inbox of one offer. Holders' suggestions and help requests are items, each
 * marked handled on its own; the error reports the PWA sends are grouped by a fingerprint of their name,
 * message and stack (line and column numbers and build hashes left out, so that a new release of the same
 * fault stays one group) and a group is marked handled as a whole. A report that arrives after its group
 * was handled reopens the group. Reports sent without an offer are a provider admin's (GET inboxPaths.
 * providerErrors). See decision 0042.
 */
export const inboxPaths = {
  /** GET: suggestions and help requests, paged, sorted by date, filtered by kind and handled. */
  items: '/console/api/offers/:offerId/inbox/items',
  /** PATCH {handled}: mark one suggestion or help request handled, or reopen it. */
  item: '/console/api/offers/:offerId/inbox/items/:kind/:itemId',
  /** GET: the offer's error reports grouped by fingerprint, with counts, first and last seen. */
  errors: '/console/api/offers/:offerId/inbox/errors',
  /** PATCH {handled}: mark one error group handled, or reopen it. */
  errorGroup: '/console/api/offers/:offerId/inbox/errors/:fingerprint',
  /** GET and PATCH: the groups of reports sent without an offer (provider admins only). */
  providerErrors: '/console/api/inbox/errors',
  providerErrorGroup: '/console/api/inbox/errors/:fingerprint',
} as const;

export const INBOX_KINDS = ['suggestion', 'help'] as const;
export const inboxKind = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof inboxKind>;

/** `handled` filter of both lists: `false` (the default: what still needs someone), `true` or `all`. */
const handledFilter = z.enum(['false', 'true', 'all']).optional().default('false');

export const INBOX_SORT_FIELDS = ['createdAt'] as const;
/** GET inboxPaths.items: newest first unless `order=asc`; `q` searches the text and the holder. */
export const inboxItemsQuery = listQuery(INBOX_SORT_FIELDS).extend({
  kind: inboxKind.optional(),
  handled: handledFilter,
  order: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type InboxItemsQuery = z.infer<typeof inboxItemsQuery>;

/** The order a help request is about (its id, status and items), as the holder's page shows an order. */
export const inboxOrder = z.object({
  id,
  status: z.string(),
  createdAt: isoDateTime,
  items: z.array(
    z.object({ id, name: z.string(), points: z.number().int(), deliveryMethod: z.string().nullable() }),
  ),
});
export type InboxOrder = z.infer<typeof inboxOrder>;

/** A suggestion or help request. `text` is as the holder wrote it: render it as text, never as HTML. */
export const inboxItem = z.object({
  kind: inboxKind,
  id,
  createdAt: isoDateTime,
  holder: z.object({ id, name: z.string(), email: z.string() }),
  text: z.string(),
  /** Suggestions: the priority the holder chose and whether they may be contacted about it. */
  priority: z.string().nullable(),
  contactPermission: z.boolean().nullable(),
  /** Help requests: what they asked about (My Account, a deal, Other) and the order, when they chose one. */
  topic: z.string().nullable(),
  order: inboxOrder.nullable(),
  handledAt: isoDateTime.nullable(),
  handledBy: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxItemPage = listPage(inboxItem);
export type InboxItemPage = z.infer<typeof inboxItemPage>;

export const inboxItemParams = z.strictObject({ offerId: idParam, kind: inboxKind, itemId: idParam });

/** PATCH body of an item or error group: true marks it handled, false reopens it. */
export const inboxHandledRequest = z.strictObject({ handled: z.boolean() });
export type InboxHandledRequest = z.infer<typeof inboxHandledRequest>;

export const ERROR_GROUP_SORT_FIELDS = ['lastSeen', 'firstSeen', 'count'] as const;
/** GET inboxPaths.errors: by last seen, newest first, unless told; `q` searches name and message. */
export const errorGroupsQuery = listQuery(ERROR_GROUP_SORT_FIELDS).extend({
  handled: handledFilter,
  order: z.enum(['asc', 'desc']).optional().default('desc'),
});
export type ErrorGroupsQuery = z.infer<typeof errorGroupsQuery>;

/** 32 lowercase hex digits (an MD5 of the normalised name, message and stack). */
export const errorFingerprint = z.string().regex(/^[0-9a-f]{32}$/, 'Expected an error group’s fingerprint.');

/** One group of error reports; the name, message, stack, URL and release are its latest report's. */
export const errorGroup = z.object({
  fingerprint: errorFingerprint,
  name: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  release: z.string().nullable(),
  userAgent: z.string().nullable(),
  count: z.number().int().positive(),
  /** How many distinct holders sent it (reports sent before sign-in count as none). */
  holders: z.number().int().nonnegative(),
  firstSeen: isoDateTime,
  lastSeen: isoDateTime,
  /** Handled while no report arrived since: a later report reopens the group (handledAt stays as it was). */
  handled: z.boolean(),
  handledAt: isoDateTime.nullable(),
  handledBy: z.string().nullable(),
});
export type ErrorGroup = z.infer<typeof errorGroup>;
export const errorGroupPage = listPage(errorGroup);
export type ErrorGroupPage = z.infer<typeof errorGroupPage>;

export const errorGroupParams = z.strictObject({ offerId: idParam, fingerprint: errorFingerprint });
export const providerErrorGroupParams = z.strictObject({ fingerprint: errorFingerprint });
