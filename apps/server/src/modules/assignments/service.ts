import type {
  AssignmentData,
  AssignmentResponse,
  AssignmentType,
  AssignmentVenue,
  Category,
  LatLng,
  PackageItem,
  PageModule,
  PassLanguage,
  Perk,
  PollSummary,
  Product,
  RewardItem,
} from '@trailpass/contract';
import { asPassLanguage, isFixedShowcase } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { notFound } from '../../plugins/errors';
import { iso } from '../data/domain';
import { MediaIndex, toDealSummary, toProduct, toRewardItems, toVenue } from '../data/mappers';
import { listDeals, listProducts } from '../data/repository';
import { localized, localizedFields, localizedModule, localizedVenue } from '../language/translate';
import type { PassSession } from '../sessions/repository';
import { orderModules, REWARDS_MODULE, type RelationIds, relationIds, venueMiles } from './domain';
import {
  type AssignmentLiveKey,
  type AssignmentLiveRow,
  type AssignmentRow,
  type FoundAssignment,
  findAssignmentById,
  findAssignmentByKey,
  findAssignmentLive,
  findAssignmentLiveWithSession,
  listAssignmentMedia,
  listCategories,
  listDealPolls,
  listOfferVenues,
  listPackages,
  listPerks,
  listRewardItems,
  type ModuleRow,
  type VenueRow,
} from './repository';

/** Which assignment is asked for: a page's at a location, or one by its own id (module assignment). */
export type AssignmentLookup =
  | { by: 'page'; type: AssignmentType; assignmentId: number; location: string }
  | { by: 'id'; id: number };

export interface AssignmentRequest {
  lookup: AssignmentLookup;
  /** The session's offer; null for an unregistered link, which has none. */
  offerId: number | null;
  /** The signed-in holder, whose orders give the derived counts; null in preview and on unregistered links. */
  partnerUserId: number | null;
  /** Unregistered links: their venue, the only page they may show, from assignments marked unregistered. */
  unregisteredVenueId: number | null;
  /** Query dealId: the page is shown in the context of this deal. */
  dealId: number | null;
  /** The user's location, for venue miles. */
  location: LatLng | null;
  /**
   * The texts' language (decision 0049): the request's X-Pass-Language. Left out or null, the saved language
   * of the user the request names (read with the live row, so a kept page stays one query), else English.
   */
  language?: PassLanguage | null;
}

interface PageRef {
  type: AssignmentType;
  id: number;
}

/**
 * A page's answer without what varies per request: the holder's redemption counts and redeemed venues,
 * the user's distance to each venue, and the reward items' live stock. Kept per page and offer content
 * stamp (decision 0023): everything in it is written only by the importer.
 */
export interface AssignmentPage {
  /** The live stamp (repository.ts AssignmentLiveRow) read before the page; null: not to be kept. */
  stamp: string | null;
  assignment: AssignmentResponse['assignment'];
  modules: PageModule[];
  venues: Array<Omit<AssignmentVenue, 'miles' | 'hasSomeRedemption'> & { row: VenueRow }>;
  categories: Category[];
  media: AssignmentData['media'];
  deals: AssignmentData['deals'];
  products: Array<Omit<Product, 'redeemedCount' | 'unRedeemedCount'>>;
  packages: PackageItem[];
  rewardItems: RewardItem[];
  perks: Perk[];
  polls: PollSummary[];
  /** The venue of each of the offer's products, for the venues the holder has redeemed something at. */
  productVenue: ReadonlyMap<number, number | null>;
}

/** A page, this request's live part (null: no offer) and the request: what an answer is made from. */
export interface LoadedAssignment {
  page: AssignmentPage;
  live: AssignmentLiveRow | null;
  request: AssignmentRequest;
}

/**
 * A request whose session is read with its live row (decision 0023, round three): the token hash, and the
 * check of what was found (routeSession, then holderSession), which throws unless the session may see the
 * request's offer and user. It runs on every live row before anything of it, or of a page, is used.
 */
export interface LiveSessionCheck {
  tokenHash: string;
  check: (found: { session: PassSession } | null) => void;
}

/**
 * The modules of a page and the records they show (spec 7 Assignments, Module assignment). 404 when the
 * page's entity is not the session's offer's (or, by id, when there is no such assignment for the offer).
 * A page of the offer without an assignment at that location answers with no modules and the page's records,
 * so that the app can still draw its default page (decision 0011). `pages` keeps pages between requests;
 * without it every record is read again. The answer is made from what this finds by render.ts
 * (renderAssignment, the route's text) or assembleAssignment (the same answer as an object).
 */
export async function loadAssignment(
  db: DbExecutor,
  request: AssignmentRequest,
  pages?: AssignmentPageCache,
  sessionCheck?: LiveSessionCheck,
): Promise<LoadedAssignment> {
  const { offerId } = request;
  if (offerId === null) {
    const language = request.language ?? 'en';
    return { page: await readAssignmentPage(db, { ...request, language }, null), live: null, request };
  }
  const liveOf = async (page: Pick<AssignmentPage, 'rewardItems'> | null) => {
    const values = {
      offerId,
      partnerUserId: request.partnerUserId,
      rewardItemIds: page ? page.rewardItems.map((item) => item.id) : [],
      page: liveKey(request.lookup, request.unregisteredVenueId !== null),
    };
    if (!sessionCheck) return findAssignmentLive(db, values);
    const found = await findAssignmentLiveWithSession(db, { ...values, tokenHash: sessionCheck.tokenHash });
    sessionCheck.check(found);
    return found?.live ?? null;
  };
  // The header's language, else the saved one the live row read, else English (decision 0049).
  const languageOf = (live: AssignmentLiveRow | null): PassLanguage =>
    request.language ?? asPassLanguage(live?.language) ?? 'en';
  // The stamp is read before the page, so the page is at least as new as it: a later change is noticed.
  const readPage = (language: PassLanguage) => async () =>
    readAssignmentPage(db, { ...request, language }, (await liveOf(null))?.stamp ?? null);
  if (!pages) {
    const live = await liveOf(null);
    const language = languageOf(live);
    return { page: await readAssignmentPage(db, { ...request, language }, null), live, request };
  }
  const base = pageKey(request);
  // A kept page of any language names the same records (translations change texts only): its reward items
  // are what the live row reads the stock of, in the one query that also tells the saved language.
  const known = request.language ? pages.peek(`${base}|${request.language}`) : undefined;
  let live = await liveOf(known ?? pages.peekAny(base) ?? null);
  const language = languageOf(live);
  const key = `${base}|${language}`;
  let page = pages.peek(key);
  if (!page || (live && live.stamp !== page.stamp)) {
    // Not kept in this language, or written since it was kept (an import, or its assignment rows).
    page = await pages.load(key, base, readPage(language));
    live = await liveOf(page);
  } else if (!sameIds(page.rewardItems, known ?? pages.peekAny(base))) {
    live = await liveOf(page);
  }
  if (!live) throw notFound();
  return { page, live, request };
}

/** Whether a page names the same reward items as another (whose stock the live row read). */
function sameIds(items: RewardItem[], other: Pick<AssignmentPage, 'rewardItems'> | undefined): boolean {
  const ids = other?.rewardItems ?? [];
  return items.length === ids.length && items.every((item, i) => item.id === ids[i]?.id);
}

function liveKey(lookup: AssignmentLookup, unregistered: boolean): AssignmentLiveKey {
  return lookup.by === 'id'
    ? { byId: true, id: lookup.id, type: '', assignmentId: 0, location: '', unregistered }
    : {
        byId: false,
        id: 0,
        type: lookup.type,
        assignmentId: lookup.assignmentId,
        location: lookup.location,
        unregistered,
      };
}

/**
 * Everything a page's records depend on but the holder, their location, the stock and the language (the
 * cache's key adds the language: `${pageKey}|es`).
 */
function pageKey(request: AssignmentRequest): string {
  const { lookup } = request;
  const page =
    lookup.by === 'page' ? `${lookup.type}/${lookup.assignmentId}/${lookup.location}` : `id/${lookup.id}`;
  return `${request.offerId}|${request.unregisteredVenueId}|${request.dealId}|${page}`;
}

/** How many pages one server keeps; past that the oldest kept is dropped. */
const MAX_PAGES = 2000;

/**
 * Assignment pages by pageKey and language, each with the offer stamp it was read at; and, per pageKey,
 * the page of any language kept last (whose reward items the live row reads before the language is known).
 */
export class AssignmentPageCache {
  private readonly pages = new Map<string, AssignmentPage>();
  private readonly anyLanguage = new Map<string, AssignmentPage>();

  peek(key: string): AssignmentPage | undefined {
    return this.pages.get(key);
  }

  peekAny(base: string): AssignmentPage | undefined {
    return this.anyLanguage.get(base);
  }

  async load(key: string, base: string, read: () => Promise<AssignmentPage>): Promise<AssignmentPage> {
    const page = await read();
    for (const [map, at] of [
      [this.pages, key],
      [this.anyLanguage, base],
    ] as const) {
      map.delete(at);
      if (map.size >= MAX_PAGES) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
      map.set(at, page);
    }
    return page;
  }
}

/**
 * What a request adds to a kept page: the holder's redemption counts per product, the venues where the
 * holder has redeemed something, the user's distance to each venue, and the reward items' live stock
 * (null live: no offer, so no holder and no stock).
 */
export interface LiveView {
  venueExtras(venue: AssignmentPage['venues'][number]): Pick<AssignmentVenue, 'miles' | 'hasSomeRedemption'>;
  productCounts(productId: number): Pick<Product, 'redeemedCount' | 'unRedeemedCount'>;
  ticketsAvailable(item: RewardItem): RewardItem['ticketsAvailable'];
}

export function liveView(
  page: AssignmentPage,
  live: AssignmentLiveRow | null,
  request: AssignmentRequest,
): LiveView {
  const redemptionCounts = new Map<number, { redeemed: number; unredeemed: number }>();
  const redeemedVenues = new Set<number>();
  for (const [productId, redeemed] of live?.orderProducts ?? []) {
    const entry = redemptionCounts.get(productId) ?? { redeemed: 0, unredeemed: 0 };
    if (redeemed) entry.redeemed += 1;
    else entry.unredeemed += 1;
    redemptionCounts.set(productId, entry);
    const venueId = page.productVenue.get(productId);
    if (redeemed && venueId != null) redeemedVenues.add(venueId);
  }
  const tickets = live?.tickets ?? {};
  return {
    venueExtras: ({ row }) => ({
      miles: venueMiles(request.location, row),
      hasSomeRedemption: redeemedVenues.has(row.id),
    }),
    productCounts: (productId) => ({
      redeemedCount: redemptionCounts.get(productId)?.redeemed ?? 0,
      unRedeemedCount: redemptionCounts.get(productId)?.unredeemed ?? 0,
    }),
    ticketsAvailable: (item) => (live ? (tickets[String(item.id)] ?? null) : item.ticketsAvailable),
  };
}

/**
 * The answer as an object, from a page and this request's live part. The route sends render.ts's text
 * instead; this is the reference that text must equal once encoded (assignments-cache.test.ts).
 */
export function assembleAssignment(
  page: AssignmentPage,
  live: AssignmentLiveRow | null,
  request: AssignmentRequest,
): AssignmentResponse {
  const view = liveView(page, live, request);
  const data: AssignmentData = {
    venues: page.venues.map((venue) => {
      const { row: _row, ...fields } = venue;
      return { ...fields, ...view.venueExtras(venue) };
    }),
    categories: page.categories,
    media: page.media,
    deals: page.deals,
    products: page.products.map((product) => ({ ...product, ...view.productCounts(product.id) })),
    packages: page.packages,
    rewardItems: page.rewardItems.map((item) => ({ ...item, ticketsAvailable: view.ticketsAvailable(item) })),
    perks: page.perks,
    polls: page.polls,
  };
  return { assignment: page.assignment, modules: page.modules, data };
}

/** Reads a page's records (the checks that make a page 404 included), without the holder's part. */
async function readAssignmentPage(
  db: DbExecutor,
  request: AssignmentRequest,
  stamp: string | null,
): Promise<AssignmentPage> {
  const { offerId, lookup } = request;
  const language = request.language ?? 'en';
  const unregistered = request.unregisteredVenueId !== null;
  if (
    unregistered &&
    lookup.by === 'page' &&
    (lookup.type !== 'venue' || lookup.assignmentId !== request.unregisteredVenueId)
  ) {
    throw notFound();
  }

  // Offer-wide rows beside the assignment itself: one round trip, and they decide what belongs to the offer.
  const [found, dealRowsRead, productRowsRead, venueRowsRead] = await readsTogether(db, [
    () =>
      lookup.by === 'page'
        ? findAssignmentByKey(db, {
            type: lookup.type,
            assignmentId: lookup.assignmentId,
            location: lookup.location,
            unregistered,
            offerId,
          })
        : findAssignmentById(db, lookup.id, { unregistered, offerId }),
    () => (offerId === null ? [] : listDeals(db, offerId)),
    () => (offerId === null ? [] : listProducts(db, offerId)),
    () => listOfferVenues(db, offerId, request.unregisteredVenueId),
  ]);

  // Decision 0049: every text in the request's language, field by field, before anything is made of it.
  const dealRows = dealRowsRead.map((row) => ({ ...row, deal: localized(row.deal, language) }));
  const productRows = productRowsRead.map(({ product, venueName, venueTranslations }) => ({
    product: localized(product, language),
    venueName: localizedFields({ name: venueName }, venueTranslations, language).name,
    venueTranslations,
  }));
  const venueRows = venueRowsRead.map((row) => localizedVenue(row, language));
  const page = pageOf(lookup, found);
  const offer = indexOfferRows(dealRows, productRows, venueRows);
  if (!page || !belongsToPass(page, offer, request)) throw notFound();
  if (request.dealId !== null && !offer.deals.has(request.dealId)) throw notFound();

  const moduleRows = found
    ? orderModules(found.modules, found.assignment.modules).map((row) => localizedModule(row, language))
    : [];
  const ids = relationIds(moduleRows);
  const { venueIds, dealIds, productIds, categoryIds, pollDealIds } = selectRecords(
    page,
    ids,
    offer,
    request.dealId,
  );

  const rewardsModule = moduleRows.some((module) => module.type === REWARDS_MODULE);
  const [categoryRowsRead, packageRowsRead, perkRowsRead, rewardItemsRead, pollRowsRead, mediaRows] =
    await readsTogether(db, [
      () => listCategories(db, [...categoryIds]),
      () => listPackages(db, offerId, ids.packages),
      () => listPerks(db, offerId, ids.perks),
      () => listRewardItems(db, offerId, { all: rewardsModule, ids: ids.rewardItems }),
      () => listDealPolls(db, [...pollDealIds]),
      () =>
        listAssignmentMedia(db, {
          ids: ids.media,
          owners: {
            venue: [...venueIds],
            deal: [...dealIds],
            product: [...productIds],
            package: ids.packages,
            perk: ids.perks,
            reward_item: rewardsModule ? [] : ids.rewardItems,
          },
          rewardItemsOfOffer: rewardsModule ? offerId : null,
        }),
    ]);
  const mediaIndex = new MediaIndex(mediaRows);
  const categoryRows = categoryRowsRead.map((row) => localized(row, language));
  const packageRows = packageRowsRead.map((row) => localized(row, language));
  const perkRows = perkRowsRead.map((row) => localized(row, language));
  const rewardItems = {
    items: rewardItemsRead.items.map((row) => localized(row, language)),
    attributes: rewardItemsRead.attributes.map((row) => localized(row, language)),
  };
  const pollRows = pollRowsRead.map((row) => localized(row, language));

  const productIdsAtVenue = new Map<number, number[]>();
  for (const { product } of productRows) {
    if (product.venue_id === null) continue;
    const list = productIdsAtVenue.get(product.venue_id) ?? [];
    list.push(product.id);
    productIdsAtVenue.set(product.venue_id, list);
  }
  const noCounts = new Map<number, { redeemed: number; unredeemed: number }>();

  return {
    stamp,
    assignment: found ? toAssignmentSummary(found.assignment) : null,
    modules: moduleRows.map((row) => toPageModule(row, page.type)),
    venues: pick(venueRows, venueIds, (row) => row.id).map((row) => ({
      ...toVenue(row, mediaIndex),
      products: productIdsAtVenue.get(row.id) ?? [],
      row,
    })),
    categories: categoryRows.map((row): Category => ({ id: row.id, name: row.name, icon: row.icon })),
    media: ids.media.flatMap((id) => mediaIndex.get(id) ?? []),
    deals: pick(dealRows, dealIds, (row) => row.deal.id).map(({ deal, productCount }) =>
      toDealSummary(deal, productCount, mediaIndex),
    ),
    products: pick(productRows, productIds, (row) => row.product.id).map(({ product, venueName }) => {
      const {
        redeemedCount: _r,
        unRedeemedCount: _u,
        ...fields
      } = toProduct(product, venueName, mediaIndex, noCounts);
      return fields;
    }),
    packages: packageRows.map(
      (row): PackageItem => ({
        id: row.id,
        name: row.name,
        description: row.description,
        product_ids: row.product_ids,
        media: mediaIndex.of('package', row.id),
      }),
    ),
    rewardItems: toRewardItems(rewardItems.items, rewardItems.attributes, mediaIndex),
    perks: perkRows.map(
      (row): Perk => ({
        id: row.id,
        name: row.name,
        description: row.description,
        venue_id: row.venue_id,
        url: row.url,
        media: mediaIndex.of('perk', row.id),
      }),
    ),
    polls: pollRows.map(
      (row): PollSummary => ({
        id: row.id,
        deal_id: row.deal_id,
        question: row.question,
        closes_at: iso(row.closes_at),
      }),
    ),
    productVenue: new Map(productRows.map(({ product }) => [product.id, product.venue_id])),
  };
}

/** The page the assignment is for: the path's, or, looked up by id, the assignment's own. */
function pageOf(lookup: AssignmentLookup, found: FoundAssignment | null): PageRef | null {
  if (lookup.by === 'page') return { type: lookup.type, id: lookup.assignmentId };
  if (!found) return null;
  // The table's check constraint admits only the contract's four types.
  return { type: found.assignment.type as AssignmentType, id: found.assignment.assignment_id };
}

type DealRows = Awaited<ReturnType<typeof listDeals>>;
type ProductRows = Awaited<ReturnType<typeof listProducts>>;

/** The offer's deals, products and venues by id: what the session may see. */
interface OfferIndex {
  deals: Map<number, DealRows[number]>;
  products: Map<number, ProductRows[number]>;
  venues: Map<number, VenueRow>;
}

function indexOfferRows(dealRows: DealRows, productRows: ProductRows, venueRows: VenueRow[]): OfferIndex {
  return {
    deals: new Map(dealRows.map((row) => [row.deal.id, row])),
    products: new Map(productRows.map((row) => [row.product.id, row])),
    venues: new Map(venueRows.map((row) => [row.id, row])),
  };
}

/**
 * Whether the page's entity is the pass's: the offer itself, or a deal, product or venue of the offer
 * (a venue of its deals or products). An unregistered link has no offer and only its own venue.
 */
function belongsToPass(page: PageRef, offer: OfferIndex, request: AssignmentRequest): boolean {
  switch (page.type) {
    case 'offer':
      return request.offerId !== null && page.id === request.offerId;
    case 'deal':
      return offer.deals.has(page.id);
    case 'product':
      return offer.products.has(page.id);
    case 'venue':
      return (
        offer.venues.has(page.id) &&
        (request.unregisteredVenueId === null || page.id === request.unregisteredVenueId)
      );
  }
}

interface Selection {
  venueIds: Set<number>;
  dealIds: Set<number>;
  productIds: Set<number>;
  categoryIds: Set<number>;
  pollDealIds: Set<number>;
}

/**
 * What goes into the data map: the records the modules name (only the offer's), the offer's venues in the
 * categories they name, then the page's own entity and its neighbours, and the deal context's polls.
 */
function selectRecords(page: PageRef, ids: RelationIds, offer: OfferIndex, dealId: number | null): Selection {
  const venueIds = new Set(ids.venues.filter((id) => offer.venues.has(id)));
  const dealIds = new Set(ids.deals.filter((id) => offer.deals.has(id)));
  const productIds = new Set(ids.products.filter((id) => offer.products.has(id)));
  const categoryIds = new Set(ids.categories);
  const pollDealIds = new Set<number>();
  if (categoryIds.size > 0) {
    for (const venue of offer.venues.values()) {
      if (venue.categories.some((id) => categoryIds.has(id))) venueIds.add(venue.id);
    }
  }
  if (dealId !== null) {
    // The page is shown for this deal: the app reads the deal (placeholders) and its polls.
    dealIds.add(dealId);
    pollDealIds.add(dealId);
  }
  switch (page.type) {
    case 'deal': {
      dealIds.add(page.id);
      pollDealIds.add(page.id);
      for (const id of offer.deals.get(page.id)?.deal.venue_ids ?? []) {
        if (offer.venues.has(id)) venueIds.add(id);
      }
      for (const { product } of offer.products.values()) {
        if (product.deal_id === page.id) productIds.add(product.id);
      }
      break;
    }
    case 'venue': {
      venueIds.add(page.id);
      for (const id of offer.venues.get(page.id)?.categories ?? []) categoryIds.add(id);
      for (const { product } of offer.products.values()) {
        if (product.venue_id === page.id) productIds.add(product.id);
      }
      break;
    }
    case 'product': {
      const product = offer.products.get(page.id)?.product;
      productIds.add(page.id);
      if (product?.venue_id != null && offer.venues.has(product.venue_id)) venueIds.add(product.venue_id);
      if (product && offer.deals.has(product.deal_id)) dealIds.add(product.deal_id);
      break;
    }
    case 'offer':
      break;
  }
  return { venueIds, dealIds, productIds, categoryIds, pollDealIds };
}

/** The rows whose id is in `wanted`, in the rows' order (each once: the rows are unique by id). */
function pick<R>(rows: readonly R[], wanted: ReadonlySet<number>, idOf: (row: R) => number): R[] {
  return rows.filter((row) => wanted.has(idOf(row)));
}

function toAssignmentSummary(row: AssignmentRow): NonNullable<AssignmentResponse['assignment']> {
  return {
    id: row.id,
    type: row.type as AssignmentType,
    assignmentId: row.assignment_id,
    location: row.location,
    unregistered: row.unregistered,
  };
}

function toPageModule(row: ModuleRow, page: AssignmentType): PageModule {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    sort_order: row.sort_order,
    data: row.data ?? {},
    settings: row.settings ?? null,
    assignment: page,
    isFixed: isFixedShowcase(row.type, row.sort_order, page),
    // Nothing has scrolled yet when the page is drawn; the app fades from here.
    opacity: 1,
  };
}
