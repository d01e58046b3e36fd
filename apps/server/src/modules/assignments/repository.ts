import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import { readsTogether } from '../../db/reads-together';
import {
  assignments,
  attributes,
  categories,
  deals,
  type MediaOwnerType,
  media,
  modules,
  offers,
  order_products,
  orders,
  packages,
  partner_users,
  perks,
  polls,
  products,
  reward_items,
  sessions,
  venues,
} from '../../db/schema';
import { ticketsLeftSql } from '../cart/stock';
import type { MediaRow } from '../data/repository';
import { POLL_COLUMNS } from '../polls/repository';
import { type PassSession, sessionColumns, toPassSession } from '../sessions/repository';

/**
 * Reads of the assignments API. Each is one query of a fixed shape whatever the number of modules or
 * records (id lists travel as one array parameter), prepared once per database like GET /data's
 * (db/prepared.ts). Ids that are no longer positive integers never reach a query: 0 stands for "none".
 */

export type AssignmentRow = typeof assignments.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;

export interface FoundAssignment {
  assignment: AssignmentRow;
  /** In no particular order; the service orders them. */
  modules: ModuleRow[];
}

/** An assignment row may serve the session's offer, or any offer when its offer_id is null. */
const servesOffer = (p: Placeholders<'offerId'>) =>
  or(eq(assignments.offer_id, p.offerId), isNull(assignments.offer_id));

/** The chosen assignment (a one-row CTE) with its modules joined, one row per module. */
function withModules(db: DbExecutor, chosen: ReturnType<typeof chosenAssignment>) {
  return db
    .with(chosen)
    .select({
      assignment: {
        id: chosen.id,
        type: chosen.type,
        assignment_id: chosen.assignment_id,
        location: chosen.location,
        offer_id: chosen.offer_id,
        unregistered: chosen.unregistered,
        modules: chosen.modules,
      },
      module: modules,
    })
    .from(chosen)
    .leftJoin(modules, sql`${modules.id} = any(${chosen.modules})`);
}

function chosenAssignment(db: DbExecutor, where: ReturnType<typeof and>) {
  return db.$with('chosen').as(
    db
      .select()
      .from(assignments)
      .where(where)
      // Prefer the row made for this offer over the one for any offer.
      .orderBy(sql`${assignments.offer_id} is null`, asc(assignments.id))
      .limit(1),
  );
}

const assignmentByKey = preparedQuery(
  'assignments_by_key',
  ['type', 'assignmentId', 'location', 'unregistered', 'offerId'],
  (db, p) =>
    withModules(
      db,
      chosenAssignment(
        db,
        and(
          eq(assignments.type, p.type),
          eq(assignments.assignment_id, p.assignmentId),
          eq(assignments.location, p.location),
          eq(assignments.unregistered, p.unregistered),
          servesOffer(p),
        ),
      ),
    ),
);

const assignmentById = preparedQuery('assignments_by_id', ['id', 'unregistered', 'offerId'], (db, p) =>
  withModules(
    db,
    chosenAssignment(
      db,
      and(eq(assignments.id, p.id), eq(assignments.unregistered, p.unregistered), servesOffer(p)),
    ),
  ),
);

function collect(
  rows: Array<{ assignment: AssignmentRow; module: ModuleRow | null }>,
): FoundAssignment | null {
  const [first] = rows;
  if (!first) return null;
  const found: ModuleRow[] = [];
  for (const row of rows) if (row.module) found.push(row.module);
  return { assignment: first.assignment, modules: found };
}

export interface AssignmentKey {
  type: string;
  assignmentId: number;
  location: string;
  unregistered: boolean;
  /** The session's offer; null (an unregistered link) matches only rows for any offer. */
  offerId: number | null;
}

/** The assignment of a page at a location, the session offer's own row before one for any offer. */
export async function findAssignmentByKey(
  db: DbExecutor,
  key: AssignmentKey,
): Promise<FoundAssignment | null> {
  return collect(await assignmentByKey(db, { ...key, offerId: key.offerId ?? 0 }));
}

/** One assignment by its own id, when it serves the offer and has the given unregistered flag. */
export async function findAssignmentById(
  db: DbExecutor,
  id: number,
  scope: { unregistered: boolean; offerId: number | null },
): Promise<FoundAssignment | null> {
  return collect(await assignmentById(db, { id, ...scope, offerId: scope.offerId ?? 0 }));
}

export type VenueRow = typeof venues.$inferSelect;

const offerVenues = preparedQuery('assignments_offer_venues', ['offerId', 'venueId'], (db, p) =>
  db
    .select()
    .from(venues)
    .where(
      or(
        inArray(
          venues.id,
          db
            .select({ id: sql<number>`unnest(${deals.venue_ids})`.as('venue_id') })
            .from(deals)
            .where(eq(deals.offer_id, p.offerId)),
        ),
        inArray(
          venues.id,
          db.select({ id: products.venue_id }).from(products).where(eq(products.offer_id, p.offerId)),
        ),
        eq(venues.id, p.venueId),
      ),
    )
    .orderBy(asc(venues.id)),
);

/**
 * The venues of an offer: those its deals name (venue_ids) and those of its products. `venueId` adds one
 * venue besides (an unregistered link's, which has no offer).
 */
export function listOfferVenues(db: DbExecutor, offerId: number | null, venueId: number | null = null) {
  return offerVenues(db, { offerId: offerId ?? 0, venueId: venueId ?? 0 });
}

const categoriesByIds = preparedQuery('assignments_categories', ['ids'], (db, p) =>
  db
    .select()
    .from(categories)
    .where(sql`${categories.id} = any(${p.ids}::int[])`)
    .orderBy(asc(categories.id)),
);

export type CategoryRow = typeof categories.$inferSelect;

/** Categories are shared by every offer. */
export async function listCategories(db: DbExecutor, ids: readonly number[]): Promise<CategoryRow[]> {
  return ids.length === 0 ? [] : categoriesByIds(db, { ids });
}

const packagesOfOffer = preparedQuery('assignments_packages', ['offerId', 'ids'], (db, p) =>
  db
    .select()
    .from(packages)
    .where(and(eq(packages.offer_id, p.offerId), sql`${packages.id} = any(${p.ids}::int[])`))
    .orderBy(asc(packages.id)),
);

export type PackageRow = typeof packages.$inferSelect;

/** Those of the packages that belong to the offer. */
export async function listPackages(
  db: DbExecutor,
  offerId: number | null,
  ids: readonly number[],
): Promise<PackageRow[]> {
  return offerId === null || ids.length === 0 ? [] : packagesOfOffer(db, { offerId, ids });
}

const perksOfOffer = preparedQuery('assignments_perks', ['offerId', 'ids'], (db, p) =>
  db
    .select()
    .from(perks)
    .where(and(eq(perks.offer_id, p.offerId), sql`${perks.id} = any(${p.ids}::int[])`))
    .orderBy(asc(perks.id)),
);

export type PerkRow = typeof perks.$inferSelect;

/** Those of the perks that belong to the offer. */
export async function listPerks(
  db: DbExecutor,
  offerId: number | null,
  ids: readonly number[],
): Promise<PerkRow[]> {
  return offerId === null || ids.length === 0 ? [] : perksOfOffer(db, { offerId, ids });
}

/** The offer's reward items: every one when `all`, else those with the given ids. */
const rewardItemsWhere = (p: Placeholders<'offerId' | 'all' | 'ids'>) =>
  and(
    eq(reward_items.offer_id, p.offerId),
    sql`(${p.all}::boolean or ${reward_items.id} = any(${p.ids}::int[]))`,
  );

const rewardItemsOfOffer = preparedQuery('assignments_reward_items', ['offerId', 'all', 'ids'], (db, p) =>
  db.select().from(reward_items).where(rewardItemsWhere(p)).orderBy(asc(reward_items.id)),
);

// Joined to the same filter rather than given the item ids, so it runs beside the items query.
const rewardItemAttributes = preparedQuery(
  'assignments_reward_item_attributes',
  ['offerId', 'all', 'ids'],
  (db, p) =>
    db
      .select({ attribute: attributes })
      .from(attributes)
      .innerJoin(reward_items, eq(reward_items.id, attributes.reward_item_id))
      .where(rewardItemsWhere(p))
      .orderBy(asc(attributes.reward_item_id), asc(attributes.position), asc(attributes.id)),
);

export type RewardItemRow = typeof reward_items.$inferSelect;
export type AttributeRow = typeof attributes.$inferSelect;

export interface RewardItemsRequest {
  /** Every reward item of the offer (the rewards module shows the whole catalogue). */
  all: boolean;
  ids: readonly number[];
}

/** The offer's reward items asked for, and their attributes in attribute order. */
export async function listRewardItems(
  db: DbExecutor,
  offerId: number | null,
  request: RewardItemsRequest,
): Promise<{ items: RewardItemRow[]; attributes: AttributeRow[] }> {
  if (offerId === null || (!request.all && request.ids.length === 0)) return { items: [], attributes: [] };
  const values = { offerId, all: request.all, ids: request.ids };
  const [items, attributeRows] = await readsTogether(db, [
    () => rewardItemsOfOffer(db, values),
    () => rewardItemAttributes(db, values),
  ]);
  return { items, attributes: attributeRows.map((row) => row.attribute) };
}

const pollsOfDeals = preparedQuery('assignments_deal_polls', ['dealIds'], (db, p) =>
  db
    .select(POLL_COLUMNS)
    .from(polls)
    .where(sql`${polls.deal_id} = any(${p.dealIds}::int[])`)
    .orderBy(asc(polls.deal_id), asc(polls.id)),
);

export type PollRow = Awaited<ReturnType<typeof pollsOfDeals>>[number];

/** The polls of the given deals (the caller has checked that they are the offer's). */
export async function listDealPolls(db: DbExecutor, dealIds: readonly number[]): Promise<PollRow[]> {
  return dealIds.length === 0 ? [] : pollsOfDeals(db, { dealIds });
}

// Media named by id (module data may point to media of any owner) or by owner, as the parallel arrays of
// GET /data's media query; `rewardItemsOfOffer` adds the media of all the offer's reward items (0: none),
// whose ids are only known once the items query, which runs beside this one, has answered.
const assignmentMedia = preparedQuery(
  'assignments_media',
  ['ids', 'ownerTypes', 'ownerIds', 'rewardItemsOfOffer'],
  (db, p) =>
    db
      .select()
      .from(media)
      .where(
        or(
          sql`${media.id} = any(${p.ids}::int[])`,
          sql`(${media.owner_type}, ${media.owner_id}) in (select * from unnest(${p.ownerTypes}::text[], ${p.ownerIds}::int[]))`,
          and(
            eq(media.owner_type, 'reward_item'),
            inArray(
              media.owner_id,
              db
                .select({ id: reward_items.id })
                .from(reward_items)
                .where(eq(reward_items.offer_id, p.rewardItemsOfOffer)),
            ),
          ),
        ),
      )
      .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id)),
);

export interface MediaRequest {
  ids: readonly number[];
  owners: Partial<Record<MediaOwnerType, readonly number[]>>;
  /** Also every reward item of this offer. */
  rewardItemsOfOffer: number | null;
}

export async function listAssignmentMedia(db: DbExecutor, request: MediaRequest): Promise<MediaRow[]> {
  const ownerTypes: MediaOwnerType[] = [];
  const ownerIds: number[] = [];
  for (const [type, ids] of Object.entries(request.owners)) {
    for (const id of ids ?? []) {
      ownerTypes.push(type as MediaOwnerType);
      ownerIds.push(id);
    }
  }
  if (request.ids.length === 0 && ownerIds.length === 0 && request.rewardItemsOfOffer === null) return [];
  return assignmentMedia(db, {
    ids: request.ids,
    ownerTypes,
    ownerIds,
    rewardItemsOfOffer: request.rewardItemsOfOffer ?? 0,
  });
}

/** What an assignment answer reads on every request beside its kept page (service.ts, decision 0023). */
export interface AssignmentLiveRow {
  /**
   * Whether a kept page is current: the offer's content stamp (data/repository.ts findOfferStamp), then the
   * id and row version (xmin) of every assignment row the page could use and of their modules, so that a
   * page whose assignment rows are written directly, not by an import, is read again too.
   */
  stamp: string;
  /** The holder's counted order products: [product_id, redeemed]. */
  orderProducts: Array<[number, boolean]> | null;
  /** Stored stock of the page's reward items, by id (cart completions lower it). */
  tickets: Record<string, Record<string, number | null> | null> | null;
  /** The saved language of the user the request names (decision 0049); null: none, or no user. */
  language: string | null;
}

/** The page: by key (type, assignment id, location) or, when byId, by the assignment's own id. */
export interface AssignmentLiveKey {
  byId: boolean;
  id: number;
  type: string;
  assignmentId: number;
  location: string;
  unregistered: boolean;
}

type LiveInputs =
  | 'offerId'
  | 'partnerUserId'
  | 'rewardItemIds'
  | 'id'
  | 'type'
  | 'assignmentId'
  | 'location'
  | 'unregistered';
const LIVE_INPUTS: LiveInputs[] = [
  'offerId',
  'partnerUserId',
  'rewardItemIds',
  'id',
  'type',
  'assignmentId',
  'location',
  'unregistered',
];

/**
 * How a live statement finds its page: by key or by the assignment's own id, and whether the page has
 * reward items whose stock it reads. Each is a statement of its own. One statement choosing by parameters
 * (`case when $byId ...`, the stock of an empty list of items) made Postgres plan it anew on every call: a
 * plan for the values at hand (no index needed, no items) looked cheaper than its generic plan, and planning
 * cost about 0.4 ms per request (decision 0023, round five).
 */
interface LiveForm {
  byId: boolean;
  withRewardItems: boolean;
}

/** The columns of a live row, for the offer row in the query (`offers`). */
function liveColumns(p: Placeholders<LiveInputs>, form: LiveForm) {
  const page = form.byId
    ? sql`a.id = ${p.id}`
    : sql`a.type = ${p.type} and a.assignment_id = ${p.assignmentId} and a.location = ${p.location}`;
  // Every row findAssignmentByKey / findAssignmentById chooses from, whichever it chooses.
  const candidates = sql`select a.id, a.xmin, a.modules from ${assignments} a
    where a.unregistered = ${p.unregistered} and (a.offer_id = ${p.offerId} or a.offer_id is null) and ${page}`;
  return {
    stamp: sql<string>`${offers}.xmin::text || '|' || coalesce((
          select string_agg(c.id || ':' || c.xmin::text, ',' order by c.id) from (${candidates}) c), '')
        || '|' || coalesce((
          select string_agg(m.id || ':' || m.xmin::text, ',' order by m.id) from ${modules} m
          where m.id in (select unnest(c.modules) from (${candidates}) c)), '')`,
    orderProducts: sql<AssignmentLiveRow['orderProducts']>`(
        select json_agg(json_build_array(op.product_id, op.redeemed is not null) order by op.id)
        from ${order_products} op join ${orders} o on o.id = op.order_id
        where o.partner_user_id = ${p.partnerUserId} and o.offer_id = ${p.offerId} and o.status = 'completed')`,
    // The page's items are all the offer's (listRewardItems); naming the offer too keeps the statement's
    // generic plan as cheap as one for the ids at hand, so that Postgres keeps it.
    tickets: form.withRewardItems
      ? // What is left after completed orders: the stored count less pending takes (cart/stock.ts).
        sql<AssignmentLiveRow['tickets']>`(
          select json_object_agg(r.id, ${ticketsLeftSql('r')}) from ${reward_items} r
          where r.offer_id = ${p.offerId} and r.id = any(${p.rewardItemIds}::int[]))`
      : sql<AssignmentLiveRow['tickets']>`null::json`,
    // Decision 0049: a request without X-Pass-Language answers in the user's saved language, read here so
    // that a kept page is still one query.
    language: sql<string | null>`(select u.language from ${partner_users} u where u.id = ${p.partnerUserId})`,
  };
}

/** A prepared statement per form (LiveForm), chosen by the values of a call. */
function perForm<S>(make: (form: LiveForm, suffix: string) => S): (form: LiveForm) => S {
  const forms = new Map<string, S>();
  for (const byId of [false, true]) {
    for (const withRewardItems of [false, true]) {
      const suffix = `${byId ? '_by_id' : ''}${withRewardItems ? '_stock' : ''}`;
      forms.set(`${byId}|${withRewardItems}`, make({ byId, withRewardItems }, suffix));
    }
  }
  return (form) => forms.get(`${form.byId}|${form.withRewardItems}`) as S;
}

const assignmentLive = perForm((form, suffix) =>
  preparedQuery(`assignments_live${suffix}`, LIVE_INPUTS, (db, p) =>
    db.select(liveColumns(p, form)).from(offers).where(eq(offers.id, p.offerId)),
  ),
);

/**
 * The holder page's one round trip (decision 0023, round three): the session of a token hash and, in the
 * same statement, the live row of the offer and user the request names. The caller checks the session
 * against those ids before it uses the row (holderSession). The session row is read in the statement
 * itself, so sign-out and replaced sessions count at once, as with the session hook.
 */
const assignmentLiveWithSession = perForm((form, suffix) =>
  preparedQuery(`assignments_live_session${suffix}`, [...LIVE_INPUTS, 'tokenHash'], (db, p) =>
    db
      .select({
        session: sessionColumns,
        offerFound: sql<boolean>`${offers.id} is not null`,
        ...liveColumns(p, form),
      })
      .from(sessions)
      .leftJoin(offers, eq(offers.id, p.offerId))
      .where(eq(sessions.token_hash, p.tokenHash)),
  ),
);

const formOf = (page: AssignmentLiveKey, rewardItemIds: readonly number[]): LiveForm => ({
  byId: page.byId,
  withRewardItems: rewardItemIds.length > 0,
});

/** The live part of an assignment answer in one query; null when the offer is gone. No user: -1. */
export async function findAssignmentLive(
  db: DbExecutor,
  values: { offerId: number; partnerUserId: number | null; rewardItemIds: number[]; page: AssignmentLiveKey },
): Promise<AssignmentLiveRow | null> {
  const { page, ...rest } = values;
  const query = assignmentLive(formOf(page, values.rewardItemIds));
  const [row] = await query(db, { ...rest, ...page, partnerUserId: values.partnerUserId ?? -1 });
  return (row as AssignmentLiveRow | undefined) ?? null;
}

/** The session of a token hash with the live row (null: the offer is gone); null when no session has it. */
export async function findAssignmentLiveWithSession(
  db: DbExecutor,
  values: {
    tokenHash: string;
    offerId: number;
    partnerUserId: number | null;
    rewardItemIds: number[];
    page: AssignmentLiveKey;
  },
): Promise<{ session: PassSession; live: AssignmentLiveRow | null } | null> {
  const { page, ...rest } = values;
  const query = assignmentLiveWithSession(formOf(page, values.rewardItemIds));
  const [row] = await query(db, {
    ...rest,
    ...page,
    partnerUserId: values.partnerUserId ?? -1,
  });
  if (!row) return null;
  const { session, offerFound, ...live } = row;
  return { session: toPassSession(session), live: offerFound ? (live as AssignmentLiveRow) : null };
}
