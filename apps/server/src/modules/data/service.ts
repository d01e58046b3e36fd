import type {
  DataResponse,
  Deal,
  MessageList,
  Offer,
  OrderDeal,
  OrderProduct,
  Partner,
  PartnerUser,
  Product,
  UnregisteredLink,
} from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { countUnreadMessages } from '../messages/repository';
import type { PassSession } from '../sessions/repository';
import {
  headlinePointsDeal,
  isInternalStaff,
  iso,
  type LedgerEntry,
  type PointsSummary,
  summarisePoints,
} from './domain';
import { countRedemptions, MediaIndex, toDealSummary, toOrderProduct, toProduct, toVenue } from './mappers';
import {
  type DealRow,
  findOfferWithPartner,
  findPartnerUser,
  findProviderEmailDomain,
  findVenue,
  listDeals,
  listMedia,
  listMessageListsForOffer,
  listOffersIncludingVenue,
  listPassFaqs,
  listProducts,
  listUserLedger,
  listUserOrderDeals,
  listUserOrderProducts,
  type OfferRow,
  type PartnerRow,
  type PartnerUserRow,
} from './repository';

function toPartner(row: PartnerRow, mediaIndex: MediaIndex): Partner {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    timezone: row.timezone,
    logo: row.logo,
    styles: row.styles ?? null,
    media: mediaIndex.of('partner', row.id),
  };
}

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
  };
}

/** GET /data for an unregistered venue link: the venue and the passes that include it (spec 2.14). */
async function unregisteredData(db: DbExecutor, session: PassSession): Promise<DataResponse> {
  const response = emptyResponse(session);
  if (session.venueId === null) return response;
  const [venue, offerRows] = await Promise.all([
    findVenue(db, session.venueId),
    listOffersIncludingVenue(db, session.venueId),
  ]);
  const mediaIndex = new MediaIndex(
    await listMedia(db, {
      venue: venue ? [venue.id] : [],
      offer: offerRows.map((row) => row.offer.id),
      partner: [...new Set(offerRows.map((row) => row.partner.id))],
    }),
  );
  response.venue = venue ? toVenue(venue, mediaIndex) : null;
  response.unregistered_links = offerRows.map(
    ({ offer, partner }): UnregisteredLink => ({
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
    }),
  );
  return response;
}

interface UserRows {
  user: PartnerUserRow | null;
  orderDeals: Awaited<ReturnType<typeof listUserOrderDeals>>;
  orderProducts: Awaited<ReturnType<typeof listUserOrderProducts>>;
  ledger: LedgerEntry[];
  unread: number;
  providerDomain: string | null;
}

async function loadUserRows(
  db: DbExecutor,
  partnerUserId: number | null,
  offerId: number,
): Promise<UserRows> {
  if (partnerUserId === null) {
    return { user: null, orderDeals: [], orderProducts: [], ledger: [], unread: 0, providerDomain: null };
  }
  const [user, orderDeals, orderProducts, ledger, unread, providerDomain] = await Promise.all([
    findPartnerUser(db, partnerUserId),
    listUserOrderDeals(db, partnerUserId, offerId),
    listUserOrderProducts(db, partnerUserId, offerId),
    listUserLedger(db, partnerUserId, offerId),
    countUnreadMessages(db, partnerUserId, offerId),
    findProviderEmailDomain(db),
  ]);
  return { user, orderDeals, orderProducts, ledger, unread, providerDomain };
}

function toOffer(
  row: OfferRow,
  faqRows: Awaited<ReturnType<typeof listPassFaqs>>,
  mediaIndex: MediaIndex,
  session: PassSession,
): Offer {
  return {
    id: row.id,
    partner_id: row.partner_id,
    name: row.name,
    description: row.description,
    highlights: row.highlights,
    media: mediaIndex.of('offer', row.id),
    styles: row.styles ?? null,
    use_points: row.use_points,
    points_ratio: row.points_ratio,
    gifting: row.gifting,
    support_phone: row.support_phone,
    support_text: row.support_text,
    bablic_snippet: row.bablic_snippet,
    points_valid_until: iso(row.points_valid_until),
    faqs: faqRows.map((faq) => ({
      id: faq.id,
      code: faq.code,
      question: faq.question,
      answer: faq.answer,
      showOnMobilePass: faq.show_on_mobile_pass,
      icon: faq.icon,
    })),
    isPreview: session.isPreview,
    previewType: session.previewType,
    previewTypeId: session.previewTypeId,
    previewDealId: session.previewDealId,
    isUnregisteredLink: session.isUnregisteredLink,
  };
}

/** Everything the app needs to start (spec 7, GET /data), computed from the database. */
export async function loadData(db: DbExecutor, session: PassSession, now: Date): Promise<DataResponse> {
  if (session.isUnregisteredLink || session.offerId === null) return unregisteredData(db, session);
  const offerId = session.offerId;

  const [offerAndPartner, faqRows, dealRows, productRows, listRows, userRows] = await Promise.all([
    findOfferWithPartner(db, offerId),
    listPassFaqs(db, offerId),
    listDeals(db, offerId),
    listProducts(db, offerId),
    listMessageListsForOffer(db, offerId, session.partnerUserId),
    loadUserRows(db, session.partnerUserId, offerId),
  ]);
  const response = emptyResponse(session);
  if (!offerAndPartner) return response;
  const { offer, partner } = offerAndPartner;

  const mediaIndex = new MediaIndex(
    await listMedia(db, {
      partner: [partner.id],
      offer: [offer.id],
      deal: dealRows.map((row) => row.deal.id),
      product: productRows.map((row) => row.product.id),
    }),
  );

  // Points per deal, from one ledger read.
  const ledgerByDeal = new Map<number, LedgerEntry[]>();
  for (const entry of userRows.ledger) {
    const list = ledgerByDeal.get(entry.deal_id) ?? [];
    list.push(entry);
    ledgerByDeal.set(entry.deal_id, list);
  }
  const pointsByDeal = new Map<number, PointsSummary>();
  for (const [dealId, entries] of ledgerByDeal) pointsByDeal.set(dealId, summarisePoints(entries, now));
  const pointsOf = (dealId: number): PointsSummary =>
    pointsByDeal.get(dealId) ?? { current_points: 0, next_points_expiration: null };

  const orderDeals: OrderDeal[] = userRows.orderDeals.map((row) => ({ ...row, type: 'deal' as const }));
  const orderDealsByDeal = new Map<number, Array<{ id: number; order_id: number }>>();
  for (const row of orderDeals) {
    const list = orderDealsByDeal.get(row.deal_id) ?? [];
    list.push({ id: row.id, order_id: row.order_id });
    orderDealsByDeal.set(row.deal_id, list);
  }

  const deals: Deal[] = dealRows.map(({ deal, productCount }) => ({
    ...toDealSummary(deal, productCount, mediaIndex),
    order_deals: orderDealsByDeal.get(deal.id) ?? [],
    ...pointsOf(deal.id),
  }));

  const productsById = new Map(productRows.map((row) => [row.product.id, row.product]));
  const orderProducts: OrderProduct[] = userRows.orderProducts.map(({ orderProduct, ticketId }) =>
    toOrderProduct(orderProduct, productsById.get(orderProduct.product_id), ticketId, session.isPreview, now),
  );

  const redemptionCounts = countRedemptions(orderProducts);
  const products: Product[] = productRows.map(({ product, venueName }) =>
    toProduct(product, venueName, mediaIndex, redemptionCounts),
  );

  const headline = headlinePointsDeal(
    offer,
    dealRows.map((row): DealRow => row.deal),
  );
  const headlinePoints = headline
    ? pointsOf(headline.id)
    : { current_points: 0, next_points_expiration: null };
  const messageLists: MessageList[] = listRows.map((row) => ({
    ...row,
    subscribed: Number(row.subscribed) === 1 ? 1 : 0,
  }));
  const user = userRows.user ? toPartnerUser(userRows.user) : null;

  return {
    ...response,
    validated: user !== null,
    offer: toOffer(offer, faqRows, mediaIndex, session),
    deals,
    products,
    order_deals: orderDeals,
    order_products: orderProducts,
    messageLists,
    partner: toPartner(partner, mediaIndex),
    partner_user: user,
    messageCounts: { unread: user ? userRows.unread : 0 },
    ...headlinePoints,
    internal_staff: user ? isInternalStaff(user.email, userRows.providerDomain) : false,
  };
}
