import {
  type DealSummary,
  deal as dealSchema,
  type MessageList,
  type Offer,
  offer as offerSchema,
  type Partner,
  type PassLanguage,
  type Product,
  partner as partnerSchema,
  product as productSchema,
} from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { localized, localizedFields } from '../language/translate';
import { headlinePointsDeal, iso } from './domain';
import { EncodedJson, ObjectTemplate } from './json-template';
import { MediaIndex, toDealSummary, toProduct } from './mappers';
import {
  findOfferStamp,
  findOfferWithPartner,
  findProviderEmailDomain,
  listDeals,
  listMedia,
  listMessageListsForOffer,
  listPassFaqs,
  listProducts,
  type PartnerRow,
  type ProductRow,
} from './repository';

/**
 * The offer-level part of GET /data: the same for every holder of the offer, so it is read once per
 * offer and content stamp and kept, with its JSON text already encoded (decision 0023).
 */

/** Offer fields that come from the session, not the offer. */
export const OFFER_SESSION_KEYS = [
  'isPreview',
  'previewType',
  'previewTypeId',
  'previewDealId',
  'isUnregisteredLink',
] as const;
/** Deal fields that are the holder's. */
export const DEAL_HOLDER_KEYS = ['order_deals', 'current_points', 'next_points_expiration'] as const;
/** Product fields that are the holder's. */
export const PRODUCT_HOLDER_KEYS = ['redeemedCount', 'unRedeemedCount'] as const;

export type OfferContentFields = Omit<Offer, (typeof OFFER_SESSION_KEYS)[number]>;

export interface OfferContent {
  offerId: number;
  /** The language its texts are in (decision 0049): each field's translation, else the original. */
  language: PassLanguage;
  /** The offer row's content stamp when this was read (repository.ts, offerContentStamp). */
  stamp: string;
  offer: OfferContentFields;
  offerTemplate: ObjectTemplate<(typeof OFFER_SESSION_KEYS)[number]>;
  deals: Array<{ summary: DealSummary; template: ObjectTemplate<(typeof DEAL_HOLDER_KEYS)[number]> }>;
  products: Array<{
    product: Omit<Product, (typeof PRODUCT_HOLDER_KEYS)[number]>;
    template: ObjectTemplate<(typeof PRODUCT_HOLDER_KEYS)[number]>;
  }>;
  /** The product rows by id, for the holder's order products (ticket timers, repeat dates). */
  productRows: ReadonlyMap<number, ProductRow>;
  partner: Partner;
  partnerJson: EncodedJson;
  /** The partner's mailing lists, without the holder's flag. */
  messageLists: Array<Omit<MessageList, 'subscribed'>>;
  /** The deal whose points the top-level current_points shows (domain.ts headlinePointsDeal). */
  headlineDealId: number | null;
  providerEmailDomain: string | null;
}

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

/**
 * Reads the offer's content with its stamp from one snapshot, its texts in `language`; null when there is
 * no such offer.
 */
async function readOfferContent(
  db: DbExecutor,
  offerId: number,
  language: PassLanguage,
): Promise<OfferContent | null> {
  const stamp = await findOfferStamp(db, offerId);
  const offerAndPartner = await findOfferWithPartner(db, offerId);
  if (stamp === null || !offerAndPartner) return null;
  const { partner } = offerAndPartner;
  const offer = localized(offerAndPartner.offer, language);
  const faqRows = (await listPassFaqs(db, offerId)).map((faq) => localized(faq, language));
  const dealRows = (await listDeals(db, offerId)).map((row) => ({
    ...row,
    deal: localized(row.deal, language),
  }));
  const productRows = (await listProducts(db, offerId)).map(({ product, venueName, venueTranslations }) => ({
    product: localized(product, language),
    venueName: localizedFields({ name: venueName }, venueTranslations, language).name,
  }));
  // No user (-1): the lists' own fields, the flag comes from the holder's row.
  const listRows = (await listMessageListsForOffer(db, offerId, null)).map((row) => localized(row, language));
  const providerEmailDomain = await findProviderEmailDomain(db);
  const mediaIndex = new MediaIndex(
    await listMedia(db, {
      partner: [partner.id],
      offer: [offer.id],
      deal: dealRows.map((row) => row.deal.id),
      product: productRows.map((row) => row.product.id),
    }),
  );

  const offerFields: OfferContentFields = {
    id: offer.id,
    partner_id: offer.partner_id,
    name: offer.name,
    description: offer.description,
    highlights: offer.highlights,
    media: mediaIndex.of('offer', offer.id),
    styles: offer.styles ?? null,
    use_points: offer.use_points,
    points_ratio: offer.points_ratio,
    gifting: offer.gifting,
    support_phone: offer.support_phone,
    support_text: offer.support_text,
    bablic_snippet: offer.bablic_snippet,
    points_valid_until: iso(offer.points_valid_until),
    faqs: faqRows.map((faq) => ({
      id: faq.id,
      code: faq.code,
      question: faq.question,
      answer: faq.answer,
      showOnMobilePass: faq.show_on_mobile_pass,
      icon: faq.icon,
    })),
  };
  const partnerFields = toPartner(partner, mediaIndex);
  const noCounts = new Map();
  const headline = headlinePointsDeal(
    offer,
    dealRows.map((row) => row.deal),
  );
  return {
    offerId,
    language,
    stamp,
    offer: offerFields,
    offerTemplate: new ObjectTemplate(offerSchema, offerFields, OFFER_SESSION_KEYS),
    deals: dealRows.map(({ deal, productCount }) => {
      const summary = toDealSummary(deal, productCount, mediaIndex);
      return { summary, template: new ObjectTemplate(dealSchema, summary, DEAL_HOLDER_KEYS) };
    }),
    products: productRows.map(({ product, venueName }) => {
      const {
        redeemedCount: _r,
        unRedeemedCount: _u,
        ...fields
      } = toProduct(product, venueName, mediaIndex, noCounts);
      return { product: fields, template: new ObjectTemplate(productSchema, fields, PRODUCT_HOLDER_KEYS) };
    }),
    productRows: new Map(productRows.map((row) => [row.product.id, row.product])),
    partner: partnerFields,
    partnerJson: new EncodedJson(JSON.stringify(partnerSchema.encode(partnerFields))),
    messageLists: listRows.map(({ id, name, description }) => ({ id, name, description })),
    headlineDealId: headline?.id ?? null,
    providerEmailDomain,
  };
}

/** Reads an offer's content in one read-only snapshot, so that an import running meanwhile is seen whole or not at all. */
export function loadOfferContent(
  db: AppDb,
  offerId: number,
  language: PassLanguage = 'en',
): Promise<OfferContent | null> {
  return db.transaction((tx) => readOfferContent(tx, offerId, language), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** How many offers' content (in one language each) one server keeps; past that the oldest read is dropped. */
const MAX_OFFERS = 500;

/**
 * Offer content per offer id and language (decision 0049), kept while the offer's stamp stays the same.
 * The stamp comes with every holder read (one query), so a re-import by another process or another
 * instance is seen on the next request, with no message between servers, in every language: each entry is
 * checked against the stamp on its own. Concurrent misses of one offer in one language share one read.
 */
export class OfferContentCache {
  private readonly entries = new Map<string, OfferContent>();
  private readonly pending = new Map<string, Promise<OfferContent | null>>();

  constructor(private readonly db: AppDb) {}

  /** The offer's content in `language` as of `stamp` (or newer); null when the offer is gone. */
  async get(offerId: number, stamp: string, language: PassLanguage = 'en'): Promise<OfferContent | null> {
    const key = `${offerId}:${language}`;
    const cached = this.entries.get(key);
    if (cached?.stamp === stamp) return cached;
    const shared = await this.load(key, offerId, language);
    if (shared === null || shared.stamp === stamp) return shared;
    // That read began before the change the caller saw: read once more, now.
    return this.store(key, await loadOfferContent(this.db, offerId, language));
  }

  private load(key: string, offerId: number, language: PassLanguage): Promise<OfferContent | null> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = loadOfferContent(this.db, offerId, language)
        .then((content) => this.store(key, content))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private store(key: string, content: OfferContent | null): OfferContent | null {
    this.entries.delete(key);
    if (content === null) return null;
    if (this.entries.size >= MAX_OFFERS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, content);
    return content;
  }
}
