import {
  asPassLanguage,
  type DataResponse,
  dataResponse,
  type MessageList,
  type OrderDeal,
  type OrderProduct,
  type PartnerUser,
  type PassLanguage,
  type UnregisteredLink,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { localized, localizedVenue } from '../language/translate';
import type { PassSession } from '../sessions/repository';
import { isInternalStaff, type LedgerEntry, type PointsSummary, summarisePoints } from './domain';
import { encodedArray, type JsonPieces, ObjectTemplate } from './json-template';
import { countRedemptions, MediaIndex, toOrderProduct, toVenue } from './mappers';
import type { OfferContent, OfferContentCache } from './offer-content';
import {
  findVenue,
  type HolderRow,
  listMedia,
  listOffersIncludingVenue,
  type PartnerUserRow,
  type SessionHolderRow,
} from './repository';

export function toPartnerUser(row: PartnerUserRow): PartnerUser {
  return {
    id: row.id,
    partner_id: row.partner_id,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    contact_permission: row.contact_permission === 1 ? 1 : 0,
    address: row.address,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    country: row.country,
  };
}

/** The fields every /data answer has, before the session's own. */
function emptyResponse(session: PassSession): DataResponse {
  return {
    validated: false,
    offer: null,
    isPreview: session.isPreview,
    isUnregisteredLink: session.isUnregisteredLink,
    preview_deal_id: session.previewDealId,
    preview_type: session.previewType,
    preview_type_id: session.previewTypeId,
    deals: [],
    products: [],
    order_deals: [],
    order_products: [],
    messageLists: [],
    offerFields: [],
    partner: null,
    partner_user: null,
    messageCounts: { unread: 0 },
    current_points: 0,
    next_points_expiration: null,
    venue: null,
    unregistered_links: [],
    internal_staff: false,
    // Decision 0022: tells the app to trade this shared token for a visitor session of its own.
    public_link: session.isPublic,
    language: null,
  };
}

/** GET /data for an unregistered venue link: the venue and the passes that include it (spec 2.14). */
async function unregisteredData(
  db: DbExecutor,
  session: PassSession,
  language: PassLanguage,
): Promise<DataResponse> {
  const response = emptyResponse(session);
  const venueId = session.venueId;
  if (venueId === null) return response;
  const [venue, offerRows] = await readsTogether(db, [
    () => findVenue(db, venueId),
    () => listOffersIncludingVenue(db, venueId),
  ]);
  const mediaIndex = new MediaIndex(
    await listMedia(db, {
      venue: venue ? [venue.id] : [],
      offer: offerRows.map((row) => row.offer.id),
      partner: [...new Set(offerRows.map((row) => row.partner.id))],
    }),
  );
  response.venue = venue ? toVenue(localizedVenue(venue, language), mediaIndex) : null;
  response.unregistered_links = offerRows.map(({ offer: original, partner }): UnregisteredLink => {
    const offer = localized(original, language);
    return {
      url: offer.signup_url,
      pass: {
        id: offer.id,
        name: offer.name,
        media: mediaIndex.of('offer', offer.id),
        highlights: offer.highlights,
        partner: {
          id: partner.id,
          name: partner.name,
          website: partner.website,
          media: mediaIndex.of('partner', partner.id),
        },
      },
    };
  });
  return response;
}

/** The session's fields of the offer record. */
function offerSessionFields(session: PassSession) {
  return {
    isPreview: session.isPreview,
    previewType: session.previewType,
    previewTypeId: session.previewTypeId,
    previewDealId: session.previewDealId,
    isUnregisteredLink: session.isUnregisteredLink,
  };
}

const ZERO_POINTS: PointsSummary = { current_points: 0, next_points_expiration: null };
const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** The holder's side of a /data answer, derived from their row (repository.ts findHolderRow) and the offer's content. */
export interface HolderView {
  validated: boolean;
  dealExtras: (dealId: number) => { order_deals: Array<{ id: number; order_id: number }> } & PointsSummary;
  productCounts: (productId: number) => { redeemedCount: number; unRedeemedCount: number };
  orderDeals: OrderDeal[];
  orderProducts: OrderProduct[];
  messageLists: MessageList[];
  user: PartnerUser | null;
  unread: number;
  headlinePoints: PointsSummary;
  internalStaff: boolean;
  /** The holder's saved language (decision 0049); null when none or nobody is signed in. */
  language: PassLanguage | null;
}

export function holderView(
  content: OfferContent,
  row: HolderRow,
  session: PassSession,
  now: Date,
): HolderView {
  // Points per deal, from one ledger read.
  const ledgerByDeal = new Map<number, LedgerEntry[]>();
  for (const [id, deal_id, points, valueMs, expiresMs] of row.ledger ?? []) {
    const list = ledgerByDeal.get(deal_id) ?? [];
    list.push({ id, deal_id, points, value_date: new Date(valueMs), expires_at: date(expiresMs) });
    ledgerByDeal.set(deal_id, list);
  }
  const pointsByDeal = new Map<number, PointsSummary>();
  for (const [dealId, entries] of ledgerByDeal) pointsByDeal.set(dealId, summarisePoints(entries, now));
  const pointsOf = (dealId: number): PointsSummary => pointsByDeal.get(dealId) ?? ZERO_POINTS;

  const orderDeals: OrderDeal[] = (row.orderDeals ?? []).map(
    ([id, deal_id, order_id, redemptions_remaining, redemptions_made, added_max_redemptions]) => ({
      id,
      deal_id,
      order_id,
      redemptions_remaining,
      redemptions_made,
      added_max_redemptions,
      type: 'deal' as const,
    }),
  );
  const orderDealsByDeal = new Map<number, Array<{ id: number; order_id: number }>>();
  for (const od of orderDeals) {
    const list = orderDealsByDeal.get(od.deal_id) ?? [];
    list.push({ id: od.id, order_id: od.order_id });
    orderDealsByDeal.set(od.deal_id, list);
  }

  const orderProducts: OrderProduct[] = (row.orderProducts ?? []).map(
    ([
      id,
      order_id,
      product_id,
      deal_id,
      order_deal_id,
      redeemed,
      end_date,
      expire_date,
      duplicate_date,
      redemptions,
      redemptions_remaining_use,
      points_to_be_earned,
      ticketId,
    ]) =>
      toOrderProduct(
        {
          id,
          order_id,
          product_id,
          deal_id,
          order_deal_id,
          redeemed: date(redeemed),
          end_date: date(end_date),
          expire_date: date(expire_date),
          duplicate_date: date(duplicate_date),
          redemptions,
          redemptions_remaining_use,
          points_to_be_earned,
        },
        content.productRows.get(product_id),
        ticketId,
        session.isPreview,
        now,
      ),
  );
  const redemptionCounts = countRedemptions(orderProducts);

  const subscribed = new Map(row.subscriptions ?? []);
  const user = row.user ? toPartnerUser(row.user) : null;
  return {
    validated: user !== null,
    dealExtras: (dealId) => ({ order_deals: orderDealsByDeal.get(dealId) ?? [], ...pointsOf(dealId) }),
    productCounts: (productId) => ({
      redeemedCount: redemptionCounts.get(productId)?.redeemed ?? 0,
      unRedeemedCount: redemptionCounts.get(productId)?.unredeemed ?? 0,
    }),
    orderDeals,
    orderProducts,
    messageLists: content.messageLists.map((list) => ({
      ...list,
      subscribed: Number(subscribed.get(list.id) ?? 0) === 1 ? 1 : 0,
    })),
    user,
    unread: user ? row.unread : 0,
    headlinePoints: content.headlineDealId === null ? ZERO_POINTS : pointsOf(content.headlineDealId),
    internalStaff: user ? isInternalStaff(user.email, content.providerEmailDomain) : false,
    language: row.user ? asPassLanguage(row.user.language) : null,
  };
}

/** The top-level fields other than the offer's content, in a form both the object and the text use. */
function holderFields(view: HolderView) {
  return {
    validated: view.validated,
    order_deals: view.orderDeals,
    order_products: view.orderProducts,
    messageLists: view.messageLists,
    partner_user: view.user,
    messageCounts: { unread: view.unread },
    ...view.headlinePoints,
    internal_staff: view.internalStaff,
    language: view.language,
  };
}

/** The /data answer of a session on an offer, as an object (what the text below must equal once encoded). */
export function assembleData(content: OfferContent, view: HolderView, session: PassSession): DataResponse {
  return {
    ...emptyResponse(session),
    ...holderFields(view),
    offer: { ...content.offer, ...offerSessionFields(session) },
    deals: content.deals.map(({ summary }) => ({ ...summary, ...view.dealExtras(summary.id) })),
    products: content.products.map(({ product }) => ({ ...product, ...view.productCounts(product.id) })),
    partner: content.partner,
  };
}

/** Every key of the answer varies per request; the big ones arrive already encoded. */
const dataTemplate = new ObjectTemplate(
  dataResponse,
  {},
  Object.keys(dataResponse.shape) as Array<keyof DataResponse>,
);

/**
 * The same answer as JSON: the offer's content comes from its templates, encoded once per content stamp
 * (text and bytes), and only the holder's fields are encoded now, each through its contract schema.
 */
export function renderDataJson(content: OfferContent, view: HolderView, session: PassSession): JsonPieces {
  return dataTemplate.pieces({
    ...emptyResponse(session),
    ...holderFields(view),
    offer: content.offerTemplate.json(offerSessionFields(session)),
    deals: encodedArray(
      content.deals.map(({ summary, template }) => template.json(view.dealExtras(summary.id))),
    ),
    products: encodedArray(
      content.products.map(({ product, template }) => template.json(view.productCounts(product.id))),
    ),
    partner: content.partnerJson,
  } as Record<keyof DataResponse, unknown>);
}

/** renderDataJson's text. */
export function renderData(content: OfferContent, view: HolderView, session: PassSession): string {
  return renderDataJson(content, view, session).text;
}

/**
 * Everything the app needs to start (spec 7, GET /data): the encoded JSON for a session on an offer, else
 * the answer object. `found` is the session with its holder row, read in one query (findSessionHolderRow); with
 * the offer's content cached that is the only read, more only after an import changed the offer.
 */
export async function loadDataJson(
  db: DbExecutor,
  cache: OfferContentCache,
  found: SessionHolderRow,
  now: Date,
  headerLanguage: PassLanguage | null = null,
): Promise<JsonPieces | DataResponse> {
  const { session, holder: row } = found;
  // Decision 0049: the header's language, else the holder's saved one (read with the holder), else English.
  const language = headerLanguage ?? asPassLanguage(row?.user?.language) ?? 'en';
  if (session.isUnregisteredLink || session.offerId === null) return unregisteredData(db, session, language);
  if (!row) return emptyResponse(session);
  const content = await cache.get(session.offerId, row.stamp, language);
  if (!content) return emptyResponse(session);
  return renderDataJson(content, holderView(content, row, session, now), session);
}
