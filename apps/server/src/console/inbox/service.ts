import type {
  ErrorGroup,
  ErrorGroupPage,
  ErrorGroupsQuery,
  InboxItem,
  InboxItemPage,
  InboxItemsQuery,
  InboxKind,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { writeAudit } from '../audit/repository';
import { iso, isoOrNull } from '../dates';
import { notFound } from '../errors';
import type { ConsoleScope, ConsoleStaff } from '../staff-auth';
import {
  type ErrorGroupDbRow,
  findErrorGroup,
  findInboxItem,
  type InboxItemDbRow,
  listErrorGroups,
  listInboxItems,
  listOrdersWithItems,
  lockGroup,
  markGroupHandled,
  reopenGroup,
  setItemHandled,
} from './repository';

type OrderRow = Awaited<ReturnType<typeof listOrdersWithItems>>[number];

function toItem(row: InboxItemDbRow, orders: Map<number, OrderRow>): InboxItem {
  const order = row.order_id === null ? undefined : orders.get(Number(row.order_id));
  return {
    kind: row.kind,
    id: Number(row.id),
    createdAt: iso(row.created_at),
    holder: { id: Number(row.holder_id), name: row.holder_name, email: row.holder_email },
    text: row.text,
    priority: row.priority,
    contactPermission: row.contact_permission === null ? null : Number(row.contact_permission) === 1,
    topic: row.topic,
    order: order
      ? {
          id: Number(order.id),
          status: order.status,
          createdAt: iso(order.created_at),
          items: order.items.map((item) => ({ ...item, id: Number(item.id), points: Number(item.points) })),
        }
      : null,
    handledAt: isoOrNull(row.handled_at),
    handledBy: row.handled_by,
  };
}

/** The items with the orders their help requests name (one query for the page). */
async function withOrders(db: DbExecutor, offerId: number, rows: InboxItemDbRow[]): Promise<InboxItem[]> {
  const orderIds = [...new Set(rows.flatMap((row) => (row.order_id === null ? [] : [Number(row.order_id)])))];
  const orders = new Map((await listOrdersWithItems(db, offerId, orderIds)).map((o) => [Number(o.id), o]));
  return rows.map((row) => toItem(row, orders));
}

export async function loadInboxItems(
  db: DbExecutor,
  offerId: number,
  query: InboxItemsQuery,
): Promise<InboxItemPage> {
  const { rows, total } = await listInboxItems(db, offerId, query);
  return { items: await withOrders(db, offerId, rows), total };
}

export interface InboxWrite {
  staff: ConsoleStaff;
  scope: ConsoleScope;
  now: Date;
}

/**
 * PATCH an item: handled (by the staff member, now) or reopened, with its audit row, in one transaction under
 * a lock of the item. Asking for the state it is in already changes nothing and writes no audit row.
 */
export async function setInboxItemHandled(
  db: AppDb,
  write: InboxWrite,
  kind: InboxKind,
  itemId: number,
  handled: boolean,
): Promise<InboxItem> {
  const offerId = write.scope.offerId as number;
  await db.transaction(async (tx) => {
    const before = await findInboxItem(tx, offerId, kind, itemId);
    const changed = await setItemHandled(
      tx,
      offerId,
      kind,
      itemId,
      handled ? { at: write.now, by: write.staff.email } : null,
    );
    if (changed === null || !before) throw notFound();
    if (!changed) return;
    await writeAudit(tx, {
      staff: { id: write.staff.id, email: write.staff.email },
      partnerId: write.scope.partnerId,
      offerId,
      at: write.now,
      action: `inbox.${kind}.${handled ? 'handle' : 'reopen'}`,
      objectType: kind === 'suggestion' ? 'suggestion' : 'help_request',
      objectId: itemId,
      before: { handledAt: isoOrNull(before.handled_at), handledBy: before.handled_by },
      after: handled
        ? { handledAt: write.now.toISOString(), handledBy: write.staff.email }
        : { handledAt: null, handledBy: null },
    });
  });
  const row = await findInboxItem(db, offerId, kind, itemId);
  if (!row) throw notFound();
  const [item] = await withOrders(db, offerId, [row]);
  if (!item) throw new Error('the inbox item just read is missing');
  return item;
}

function toGroup(row: ErrorGroupDbRow): ErrorGroup {
  return {
    fingerprint: row.fingerprint,
    name: row.name,
    message: row.message,
    stack: row.stack,
    url: row.url,
    release: row.release,
    userAgent: row.user_agent,
    count: Number(row.n),
    holders: Number(row.holders),
    firstSeen: iso(row.first_seen),
    lastSeen: iso(row.last_seen),
    handled: row.handled === true,
    handledAt: isoOrNull(row.handled_at),
    handledBy: row.handled_by,
  };
}

/** The error groups of an offer, or (offerId null) of the reports sent without one. */
export async function loadErrorGroups(
  db: DbExecutor,
  offerId: number | null,
  query: ErrorGroupsQuery,
): Promise<ErrorGroupPage> {
  const { rows, total } = await listErrorGroups(db, offerId, query);
  return { items: rows.map(toGroup), total };
}

/**
 * PATCH a group: handled through its latest report (a later report reopens it) or reopened, with its audit
 * row, in one transaction under a lock of the group. Asking for its state changes nothing and writes no row.
 */
export async function setErrorGroupHandled(
  db: AppDb,
  write: { staff: ConsoleStaff; partnerId: number | null; now: Date },
  offerId: number | null,
  fingerprint: string,
  handled: boolean,
): Promise<ErrorGroup> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, offerId, fingerprint);
    const before = await findErrorGroup(tx, offerId, fingerprint);
    if (!before) throw notFound('No error reports with this fingerprint.');
    if (before.handled === handled) return;
    // Through the group's latest report even when this server's clock is behind the database's.
    const lastSeen = new Date(before.last_seen);
    const at = write.now > lastSeen ? write.now : lastSeen;
    if (handled) await markGroupHandled(tx, offerId, fingerprint, at, write.staff.email);
    else await reopenGroup(tx, offerId, fingerprint);
    await writeAudit(tx, {
      staff: { id: write.staff.id, email: write.staff.email },
      partnerId: write.partnerId,
      offerId,
      at: write.now,
      action: `inbox.error.${handled ? 'handle' : 'reopen'}`,
      objectType: 'error_group',
      objectId: fingerprint,
      before: { handled: before.handled, count: Number(before.n), lastSeen: iso(before.last_seen) },
      after: { handled, ...(handled ? { handledAt: at.toISOString() } : {}) },
    });
  });
  const row = await findErrorGroup(db, offerId, fingerprint);
  if (!row) throw notFound('No error reports with this fingerprint.');
  return toGroup(row);
}
