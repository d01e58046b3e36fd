import type { MESSAGE_SORT_FIELDS, MessageStatus } from '@trailpass/contract/console';
import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { console_messages } from '../../db/schema';
import { containsPattern } from '../audit/repository';

export type ConsoleMessageRow = typeof console_messages.$inferSelect;

/** A console message as the list reads it: its row, its holder (one-holder messages) and how many read it. */
export interface ListedMessage extends Record<string, unknown> {
  id: number;
  title: string;
  html: string;
  holder_id: number | null;
  holder_name: string | null;
  holder_email: string | null;
  send_at: Date | string;
  delivered_at: Date | string | null;
  cancelled_at: Date | string | null;
  recipients: number;
  read: number | string;
  created_at: Date | string;
  created_by: string;
}

const STATUS_SQL: Record<MessageStatus, SQL> = {
  scheduled: sql`m.delivered_at is null and m.cancelled_at is null`,
  sent: sql`m.delivered_at is not null`,
  cancelled: sql`m.cancelled_at is not null`,
};

const SORT_SQL: Record<(typeof MESSAGE_SORT_FIELDS)[number], string> = {
  sendAt: 'm.send_at',
  createdAt: 'm.created_at',
  title: 'lower(m.title)',
};

export interface MessageFilter {
  offerId: number;
  status?: MessageStatus | undefined;
  q?: string | undefined;
  sort: (typeof MESSAGE_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A page of the offer's console messages (on console_messages_offer_send_idx), and how many match. */
export async function listMessages(db: DbExecutor, filter: MessageFilter) {
  const where = sql`m.offer_id = ${filter.offerId}
    ${filter.status ? sql`and ${STATUS_SQL[filter.status]}` : sql``}
    ${filter.q ? sql`and m.title ilike ${containsPattern(filter.q)}` : sql``}`;
  const direction = sql.raw(filter.order === 'desc' ? 'desc' : 'asc');
  const [rows, counted] = await readsTogether(db, [
    () =>
      queryRows<ListedMessage>(
        db,
        sql`select m.id, m.title, m.html, m.holder_id, pu.name as holder_name, pu.email as holder_email,
          m.send_at, m.delivered_at, m.cancelled_at, m.recipients, m.created_at, m.created_by,
          case when m.delivered_at is null then 0 else (select count(*) from messages c
            where c.console_message_id = m.id and c.read_at is not null) end as read
        from console_messages m left join partner_users pu on pu.id = m.holder_id
        where ${where}
        order by ${sql.raw(SORT_SQL[filter.sort])} ${direction}, m.id ${direction}
        limit ${filter.limit} offset ${filter.offset}`,
      ),
    () =>
      queryRows<{ n: number | string }>(db, sql`select count(*) as n from console_messages m where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function findListedMessage(db: DbExecutor, offerId: number, id: number) {
  const [row] = await queryRows<ListedMessage>(
    db,
    sql`select m.id, m.title, m.html, m.holder_id, pu.name as holder_name, pu.email as holder_email,
        m.send_at, m.delivered_at, m.cancelled_at, m.recipients, m.created_at, m.created_by,
        (select count(*) from messages c where c.console_message_id = m.id and c.read_at is not null) as read
      from console_messages m left join partner_users pu on pu.id = m.holder_id
      where m.offer_id = ${offerId} and m.id = ${id}`,
  );
  return row ?? null;
}

export async function insertConsoleMessage(db: DbExecutor, values: typeof console_messages.$inferInsert) {
  const [row] = await db.insert(console_messages).values(values).returning();
  if (!row) throw new Error('the console message insert returned no row');
  return row;
}

/** The message's row locked for this transaction (a cancel against a delivery of the same message). */
export async function lockConsoleMessage(db: DbExecutor, offerId: number, id: number) {
  const [row] = await queryRows<{
    id: number;
    delivered_at: Date | string | null;
    cancelled_at: Date | string | null;
  }>(
    db,
    sql`select id, delivered_at, cancelled_at from console_messages
      where id = ${id} and offer_id = ${offerId} for update`,
  );
  return row ?? null;
}

export async function markMessageCancelled(db: DbExecutor, id: number, at: Date) {
  await db.execute(
    sql`update console_messages set cancelled_at = ${at.toISOString()}::timestamptz where id = ${id}`,
  );
}

/**
 * Writes the holders' copies of a message (one `messages` row each, dated its send_at): every holder of the
 * offer, or its one holder while they still hold it. One statement; the holders' snapshots (and so their
 * unread count) follow at commit by the messages triggers (decision 0030). Returns how many.
 */
export async function writeCopies(db: DbExecutor, message: ConsoleMessageRow, at: Date): Promise<number> {
  const holders = message.holder_id === null ? sql`` : sql`and ps.partner_user_id = ${message.holder_id}`;
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`with copies as (
        insert into messages (partner_user_id, offer_id, subject, message, delivered_at, console_message_id)
        select ps.partner_user_id, ps.offer_id, ${message.title}, ${message.html},
          ${message.send_at.toISOString()}::timestamptz, ${message.id}
        from passes ps where ps.offer_id = ${message.offer_id} ${holders}
        returning 1
      ),
      done as (
        update console_messages set delivered_at = ${at.toISOString()}::timestamptz,
          recipients = (select count(*) from copies)
        where id = ${message.id}
        returning 1
      )
      select (select count(*) from copies) as n, (select count(*) from done) as d`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The scheduled messages due at `now`, locked one at a time for their delivery (SKIP LOCKED: another
 * instance's delivery, or a cancel in progress, keeps its own), on console_messages_due_idx.
 */
export async function claimDueMessage(db: DbExecutor, now: Date): Promise<ConsoleMessageRow | null> {
  const [row] = await db
    .select()
    .from(console_messages)
    .where(
      sql`${console_messages.delivered_at} is null and ${console_messages.cancelled_at} is null
        and ${console_messages.send_at} <= ${now.toISOString()}::timestamptz`,
    )
    .orderBy(console_messages.send_at, console_messages.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** How many hold the offer (or whether the one holder does): a scheduled message's recipients so far. */
export async function countRecipients(db: DbExecutor, offerId: number, holderId: number | null) {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from passes where offer_id = ${offerId}
      ${holderId === null ? sql`` : sql`and partner_user_id = ${holderId}`}`,
  );
  return Number(row?.n ?? 0);
}
