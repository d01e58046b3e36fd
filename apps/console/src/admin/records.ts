import type { ErrorGroup, FulfilmentRow, InboxItem } from '@trailpass/contract/console';

/**
 * The console API's rows as react-admin records, which need an `id` unique within their list. Each keeps
 * every field of the contract's row.
 */
export type FulfilmentRecord = FulfilmentRow & { id: number };
export function fulfilmentRecord(row: FulfilmentRow): FulfilmentRecord {
  return { ...row, id: row.itemId };
}

/** Suggestions and help requests are numbered apart, so one id may be both: the kind is part of the key. */
export type InboxRecord = Omit<InboxItem, 'id'> & { id: string; itemId: number };
export function inboxRecord(item: InboxItem): InboxRecord {
  return { ...item, id: `${item.kind}-${item.id}`, itemId: item.id };
}

export type ErrorGroupRecord = ErrorGroup & { id: string };
export function errorGroupRecord(group: ErrorGroup): ErrorGroupRecord {
  return { ...group, id: group.fingerprint };
}
