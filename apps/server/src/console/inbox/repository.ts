import type { ErrorGroupsQuery, InboxItemsQuery, InboxKind } from '@trailpass/contract/console';
import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { containsPattern } from '../audit/repository';

/** A suggestion or help request of an offer, with its holder, as the inbox reads it. */
export interface InboxItemDbRow {
  kind: InboxKind;
  id: number;
  created_at: Date | string;
  holder_id: number;
  holder_name: string;
  holder_email: string;
  text: string;
  priority: string | null;
  contact_permission: number | null;
  topic: string | null;
  order_id: number | null;
  handled_at: Date | string | null;
  handled_by: string | null;
}

/**
 * Both kinds as one relation (on their (offer_id, created_at) indexes), with the holder. Each branch names
 * its columns, since either may stand alone (a kind filter).
 */
function itemsOf(offerId: number, kind: InboxKind | undefined): SQL {
  const suggestionsPart = sql`select 'suggestion' as kind, s.id, s.created_at, s.partner_user_id, s.suggestion as text,
      s.priority, s.contact_permission, null::text as topic, null::int as order_id, s.handled_at, s.handled_by
    from suggestions s where s.offer_id = ${offerId}`;
  const helpPart = sql`select 'help' as kind, h.id, h.created_at, h.partner_user_id, h.question as text,
      null::text as priority, null::smallint as contact_permission, h.item_selected as topic, h.order_id,
      h.handled_at, h.handled_by
    from help_requests h where h.offer_id = ${offerId}`;
  const union =
    kind === 'suggestion'
      ? suggestionsPart
      : kind === 'help'
        ? helpPart
        : sql`${suggestionsPart} union all ${helpPart}`;
  return sql`(select i.kind, i.id, i.created_at, i.text, i.priority, i.contact_permission, i.topic, i.order_id,
      i.handled_at, i.handled_by, pu.id as holder_id, pu.name as holder_name, pu.email as holder_email
    from (${union}) i join partner_users pu on pu.id = i.partner_user_id)`;
}

function itemFilter(query: Pick<InboxItemsQuery, 'handled' | 'q'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.handled === 'true') parts.push(sql`handled_at is not null`);
  if (query.handled === 'false') parts.push(sql`handled_at is null`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(text ilike ${pattern} or holder_name ilike ${pattern} or holder_email ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of the offer's suggestions and help requests by date (ties by kind and id), and the total. */
export async function listInboxItems(db: DbExecutor, offerId: number, query: InboxItemsQuery) {
  const from = itemsOf(offerId, query.kind);
  const where = itemFilter(query);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const [rows, counted] = await readsTogether(db, [
    () =>
      queryRows<InboxItemDbRow & Record<string, () => unknown>>(
        db,
        sql`select * from ${from} x where ${where}
        order by created_at ${direction}, kind ${direction}, id ${direction}
        limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
      ),
    () => queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${from} x where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** One item of the offer (null when it is not the offer's). */
export async function findInboxItem(
  db: DbExecutor,
  offerId: number,
  kind: InboxKind,
  id: number,
): Promise<InboxItemDbRow | null> {
  const [row] = await queryRows<InboxItemDbRow & Record<string, unknown>>(
    db,
    sql`select * from ${itemsOf(offerId, kind)} x where id = ${id}`,
  );
  return row ?? null;
}

/**
 * Marks the item handled (by `email`, at `at`) or open again (both null), only if it is not so already,
 * under a lock of its row. Returns whether it changed; null when it is not the offer's.
 */
export async function setItemHandled(
  tx: DbExecutor,
  offerId: number,
  kind: InboxKind,
  id: number,
  handled: { at: Date; by: string } | null,
): Promise<boolean | null> {
  const table = sql.raw(kind === 'suggestion' ? 'suggestions' : 'help_requests');
  const [current] = await queryRows<{ handled_at: Date | string | null }>(
    tx,
    sql`select handled_at from ${table} where id = ${id} and offer_id = ${offerId} for update`,
  );
  if (!current) return null;
  if ((current.handled_at !== null) === (handled !== null)) return false;
  await tx.execute(
    sql`update ${table} set handled_at = ${handled?.at ?? null}, handled_by = ${handled?.by ?? null}
      where id = ${id} and offer_id = ${offerId}`,
  );
  return true;
}

/** The orders (of the offer) the help requests refer to, with their items, by id. */
export async function listOrdersWithItems(db: DbExecutor, offerId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return queryRows<{
    id: number;
    status: string;
    created_at: Date | string;
    items: Array<{ id: number; name: string; points: number; deliveryMethod: string | null }>;
  }>(
    db,
    sql`select o.id, o.status, o.created_at,
        coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'name', i.name, 'points', i.points_paid,
            'deliveryMethod', i.delivery_method) order by i.position, i.id)
          from order_items i where i.order_id = o.id), '[]'::jsonb) as items
      from orders o where o.offer_id = ${offerId} and o.id in (${sql.join(
        orderIds.map((orderId) => sql`${orderId}`),
        sql`, `,
      )})`,
  );
}

/** An error group as the inbox reads it: the counts of its reports and its latest report's texts. */
export interface ErrorGroupDbRow {
  fingerprint: string;
  n: number | string;
  holders: number | string;
  first_seen: Date | string;
  last_seen: Date | string;
  name: string | null;
  message: string;
  stack: string | null;
  url: string;
  release: string | null;
  user_agent: string | null;
  handled_at: Date | string | null;
  handled_by: string | null;
  handled: boolean;
}

/** `offer_id = offerId`, or `offer_id is null` for the reports sent without an offer. */
const offerIs = (column: SQL, offerId: number | null) =>
  offerId === null ? sql`${column} is null` : sql`${column} = ${offerId}`;

/**
 * The error groups of an offer (or of no offer): per fingerprint the count, distinct holders, first and last
 * seen, the latest report's texts, and whether it is handled (marked so, and no report since).
 */
function groupsOf(offerId: number | null): SQL {
  return sql`(select g.fingerprint, g.n, g.holders, g.first_seen, g.last_seen, latest.name, latest.message,
      latest.stack, latest.url, latest.release, latest.user_agent, st.handled_at, st.handled_by,
      coalesce(st.handled_at >= g.last_seen, false) as handled
    from (
      select r.fingerprint, count(*) as n, count(distinct r.partner_user_id) as holders,
        min(r.created_at) as first_seen, max(r.created_at) as last_seen
      from error_reports r where ${offerIs(sql`r.offer_id`, offerId)}
      group by r.fingerprint
    ) g
    cross join lateral (
      select r.name, r.message, r.stack, r.url, r.release, r.user_agent from error_reports r
      where ${offerIs(sql`r.offer_id`, offerId)} and r.fingerprint = g.fingerprint
      order by r.created_at desc, r.id desc limit 1
    ) latest
    left join error_group_states st on ${offerIs(sql`st.offer_id`, offerId)} and st.fingerprint = g.fingerprint)`;
}

const GROUP_SORT: Record<NonNullable<ErrorGroupsQuery['sort']>, string> = {
  lastSeen: 'last_seen',
  firstSeen: 'first_seen',
  count: 'n',
};

export async function listErrorGroups(db: DbExecutor, offerId: number | null, query: ErrorGroupsQuery) {
  const parts: SQL[] = [sql`true`];
  if (query.handled === 'true') parts.push(sql`handled`);
  if (query.handled === 'false') parts.push(sql`not handled`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    parts.push(sql`(message ilike ${pattern} or name ilike ${pattern})`);
  }
  const where = sql.join(parts, sql` and `);
  const from = groupsOf(offerId);
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const column = sql.raw(GROUP_SORT[query.sort ?? 'lastSeen']);
  const [rows, counted] = await readsTogether(db, [
    () =>
      queryRows<ErrorGroupDbRow & Record<string, () => unknown>>(
        db,
        sql`select * from ${from} x where ${where} order by ${column} ${direction}, fingerprint ${direction}
        limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
      ),
    () => queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${from} x where ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

export async function findErrorGroup(
  db: DbExecutor,
  offerId: number | null,
  fingerprint: string,
): Promise<ErrorGroupDbRow | null> {
  const [row] = await queryRows<ErrorGroupDbRow & Record<string, unknown>>(
    db,
    sql`select * from ${groupsOf(offerId)} x where fingerprint = ${fingerprint}`,
  );
  return row ?? null;
}

/** Marks the group handled through its last report (the later of now and that report's time). */
export async function markGroupHandled(
  tx: DbExecutor,
  offerId: number | null,
  fingerprint: string,
  at: Date,
  by: string,
) {
  await tx.execute(
    sql`insert into error_group_states (offer_id, fingerprint, handled_at, handled_by)
      values (${offerId}, ${fingerprint}, ${at}, ${by})
      on conflict (offer_id, fingerprint) do update set handled_at = excluded.handled_at,
        handled_by = excluded.handled_by`,
  );
}

export async function reopenGroup(tx: DbExecutor, offerId: number | null, fingerprint: string) {
  await tx.execute(
    sql`delete from error_group_states where ${offerIs(sql`offer_id`, offerId)} and fingerprint = ${fingerprint}`,
  );
}

/** Serialises the marks of one group (the state row may not exist yet to lock). */
export async function lockGroup(tx: DbExecutor, offerId: number | null, fingerprint: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`error-group:${offerId ?? 'none'}:${fingerprint}`}))`,
  );
}
