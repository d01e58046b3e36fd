import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import {
  assignments,
  attributes,
  availability,
  availability_dates,
  categories,
  deals,
  faqs,
  type MediaOwnerType,
  media,
  message_lists,
  modules,
  offers,
  packages,
  partners,
  perks,
  pickup_points,
  poll_options,
  polls,
  products,
  provider_settings,
  type reward_items,
  venues,
} from '../../db/schema';
import { type TicketsMap, ticketsLeftSql } from '../../modules/cart/stock';

/**
 * The reads of an offer's content export (issue 31 item 2, decision 0046): the rows the importer wrote for
 * one offer, and the shared rows they name (its partner, venues, categories, the provider), as they stand
 * now. Holder data (users, passes, links, orders, ledger, messages, subscriptions, ballots, item dates) is
 * never read. Every list comes in a fixed order, so two reads of the same content are the same.
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export interface ExportRows {
  provider: Row<typeof provider_settings>;
  partner: Row<typeof partners>;
  offer: Row<typeof offers>;
  faqs: Array<Row<typeof faqs>>;
  deals: Array<Row<typeof deals>>;
  venues: Array<Row<typeof venues>>;
  categories: Array<Row<typeof categories>>;
  products: Array<Row<typeof products>>;
  /** `tickets_available` is what is left now: the stored map less pending takes (cart/stock.ts). */
  rewardItems: Array<Row<typeof reward_items>>;
  attributes: Array<Row<typeof attributes>>;
  packages: Array<Row<typeof packages>>;
  perks: Array<Row<typeof perks>>;
  media: Array<Row<typeof media>>;
  assignments: Array<Row<typeof assignments>>;
  modules: Array<Row<typeof modules>>;
  messageLists: Array<Row<typeof message_lists>>;
  availability: Array<Row<typeof availability>>;
  pickupPoints: Array<Row<typeof pickup_points>>;
  availabilityDates: Array<Row<typeof availability_dates>>;
  polls: Array<Row<typeof polls>>;
  pollOptions: Array<Row<typeof poll_options>>;
}

const ids = <T extends { id: number }>(rows: readonly T[]) => rows.map((row) => row.id);
/** `column in (...)`, false for no values (an empty IN list is not SQL). */
const within = (column: Parameters<typeof inArray>[0], values: readonly number[]): SQL =>
  values.length === 0 ? sql`false` : inArray(column, [...values]);

/** Venue ids named by module data (`data.venues`), category ids (`data.categories`). */
function moduleIds(rows: ReadonlyArray<Row<typeof modules>>, key: 'venues' | 'categories'): number[] {
  return rows.flatMap((row) => {
    const list = (row.data as Record<string, unknown>)[key];
    return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
  });
}

const unique = (values: Iterable<number | null | undefined>): number[] =>
  [...new Set([...values].filter((v): v is number => typeof v === 'number'))].sort((a, b) => a - b);

/**
 * One offer's content rows, or null when there is no such offer. Call it inside one transaction
 * (repeatable read) so that every list is of the same moment.
 */
export async function readExportRows(db: DbExecutor, offerId: number): Promise<ExportRows | null> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) return null;
  const [[provider], [partner]] = await readsTogether(db, [
    () => db.select().from(provider_settings).where(eq(provider_settings.id, 1)),
    () => db.select().from(partners).where(eq(partners.id, offer.partner_id)),
  ]);
  if (!provider || !partner) throw new Error(`offer ${offerId} without its provider or partner row`);

  const [faqRows, dealRows, productRows, packageRows, perkRows, listRows] = await readsTogether(db, [
    () => db.select().from(faqs).where(eq(faqs.offer_id, offerId)).orderBy(asc(faqs.position), asc(faqs.id)),
    () => db.select().from(deals).where(eq(deals.offer_id, offerId)).orderBy(asc(deals.id)),
    () => db.select().from(products).where(eq(products.offer_id, offerId)).orderBy(asc(products.id)),
    () => db.select().from(packages).where(eq(packages.offer_id, offerId)).orderBy(asc(packages.id)),
    () => db.select().from(perks).where(eq(perks.offer_id, offerId)).orderBy(asc(perks.id)),
    () =>
      // The partner's mailing lists: what the offer's holders subscribe to (their subscriptions are theirs).
      db
        .select()
        .from(message_lists)
        .where(eq(message_lists.partner_id, partner.id))
        .orderBy(asc(message_lists.id)),
  ]);
  // Stock as it is now: the quick edits' count less the completions not yet folded into it.
  const rewardRows = (
    await queryRows<Row<typeof reward_items> & { tickets_left: TicketsMap | null }>(
      db,
      sql`select r.*, ${ticketsLeftSql('r')} as tickets_left from reward_items r
        where r.offer_id = ${offerId} order by r.id`,
    )
  ).map(({ tickets_left, ...row }) => ({
    ...row,
    retail_price: row.retail_price === null ? null : Number(row.retail_price),
    tickets_available: tickets_left,
  }));
  const dealIds = ids(dealRows);
  const productIds = ids(productRows);
  const rewardIds = ids(rewardRows);

  const [attributeRows, availabilityRows, pollRows] = await readsTogether(db, [
    () =>
      db
        .select()
        .from(attributes)
        .where(within(attributes.reward_item_id, rewardIds))
        .orderBy(asc(attributes.reward_item_id), asc(attributes.position), asc(attributes.id)),
    () =>
      db
        .select()
        .from(availability)
        .where(
          or(within(availability.reward_item_id, rewardIds), within(availability.product_id, productIds)),
        )
        .orderBy(asc(availability.id)),
    () => db.select().from(polls).where(within(polls.deal_id, dealIds)).orderBy(asc(polls.id)),
  ]);
  const availabilityIds = ids(availabilityRows);
  const [pickupRows, dateRows, optionRows] = await readsTogether(db, [
    () =>
      db
        .select()
        .from(pickup_points)
        .where(within(pickup_points.availability_id, availabilityIds))
        .orderBy(asc(pickup_points.availability_id), asc(pickup_points.position), asc(pickup_points.id)),
    () =>
      db
        .select()
        .from(availability_dates)
        .where(within(availability_dates.availability_id, availabilityIds))
        .orderBy(
          asc(availability_dates.availability_id),
          asc(availability_dates.position),
          asc(availability_dates.id),
        ),
    () =>
      db
        .select()
        .from(poll_options)
        .where(within(poll_options.poll_id, ids(pollRows)))
        .orderBy(asc(poll_options.poll_id), asc(poll_options.position), asc(poll_options.id)),
  ]);

  // The offer's venues, as the content area counts them (content/repository.ts) and every other place the
  // format names one: deals, products, rewards, perks, pickup points and poll options.
  const offerVenueIds = unique([
    ...dealRows.flatMap((d) => d.venue_ids),
    ...productRows.map((p) => p.venue_id),
    ...rewardRows.map((r) => r.venue_id),
    ...perkRows.map((p) => p.venue_id),
    ...pickupRows.map((p) => p.venue_id),
    ...optionRows.map((o) => o.venue_id),
  ]);

  // The offer's pages: its own assignments, and those for any offer (offer_id null) of a page of the offer
  // (itself, one of its deals, products or venues), which its holders see too.
  const target = (type: string, values: readonly number[]) =>
    and(eq(assignments.type, type), within(assignments.assignment_id, values));
  const assignmentRows = await db
    .select()
    .from(assignments)
    .where(
      or(
        eq(assignments.offer_id, offerId),
        and(
          isNull(assignments.offer_id),
          or(
            target('offer', [offerId]),
            target('deal', dealIds),
            target('product', productIds),
            target('venue', offerVenueIds),
          ),
        ),
      ),
    )
    .orderBy(asc(assignments.id));
  const moduleRows = await db
    .select()
    .from(modules)
    .where(within(modules.id, unique(assignmentRows.flatMap((a) => a.modules))))
    .orderBy(asc(modules.id));

  const venueIds = unique([
    ...offerVenueIds,
    ...assignmentRows.filter((a) => a.type === 'venue').map((a) => a.assignment_id),
    ...moduleIds(moduleRows, 'venues'),
  ]);
  const venueRows = await db.select().from(venues).where(within(venues.id, venueIds)).orderBy(asc(venues.id));
  const categoryIds = unique([
    ...venueRows.flatMap((v) => v.categories),
    ...moduleIds(moduleRows, 'categories'),
  ]);

  const owners: Array<[MediaOwnerType, number[]]> = [
    ['partner', [partner.id]],
    ['offer', [offerId]],
    ['deal', dealIds],
    ['venue', ids(venueRows)],
    ['product', productIds],
    ['reward_item', rewardIds],
    ['package', ids(packageRows)],
    ['perk', ids(perkRows)],
  ];
  const [categoryRows, mediaRows] = await readsTogether(db, [
    () => db.select().from(categories).where(within(categories.id, categoryIds)).orderBy(asc(categories.id)),
    () =>
      db
        .select()
        .from(media)
        .where(
          or(...owners.map(([type, list]) => and(eq(media.owner_type, type), within(media.owner_id, list)))),
        )
        .orderBy(asc(media.owner_type), asc(media.owner_id), asc(media.position), asc(media.id)),
  ]);

  return {
    provider,
    partner,
    offer,
    faqs: faqRows,
    deals: dealRows,
    venues: venueRows,
    categories: categoryRows,
    products: productRows,
    rewardItems: rewardRows,
    attributes: attributeRows,
    packages: packageRows,
    perks: perkRows,
    media: mediaRows,
    assignments: assignmentRows,
    modules: moduleRows,
    messageLists: listRows,
    availability: availabilityRows,
    pickupPoints: pickupRows,
    availabilityDates: dateRows,
    polls: pollRows,
    pollOptions: optionRows,
  };
}
