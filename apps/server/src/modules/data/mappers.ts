import type { DealSummary, MediaItem, OrderProduct, Product, RewardItem, Venue } from '@trailpass/contract';
import { mediaLocation } from '@trailpass/contract';
import type { attributes, MediaOwnerType, reward_items } from '../../db/schema';
import { iso, repeatDate, ticketTimer } from './domain';
import type { DealRow, MediaRow, OrderProductRow, ProductRow, VenueRow } from './repository';

/**
 * Rows to contract records, shared by GET /data, the assignments API, the rewards catalogue and the redeem
 * answer so that a deal, product, venue or reward item reads the same on every endpoint.
 */

// The contract's list of media locations; anything else is served as a plain (null-location) image.
const MEDIA_LOCATIONS = new Set<string>(mediaLocation.options);

export function toMediaItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    location:
      row.location && MEDIA_LOCATIONS.has(row.location) ? (row.location as MediaItem['location']) : null,
    name: row.name,
    url: row.url,
  };
}

/** Media rows by owner (each owner's list in the rows' order) and by id. */
export class MediaIndex {
  private readonly byOwner = new Map<string, MediaItem[]>();
  private readonly byId = new Map<number, MediaItem>();
  constructor(rows: readonly MediaRow[]) {
    for (const row of rows) {
      const item = toMediaItem(row);
      const key = `${row.owner_type}:${row.owner_id}`;
      const list = this.byOwner.get(key) ?? [];
      list.push(item);
      this.byOwner.set(key, list);
      this.byId.set(row.id, item);
    }
  }
  of(type: MediaOwnerType, id: number): MediaItem[] {
    return this.byOwner.get(`${type}:${id}`) ?? [];
  }
  get(id: number): MediaItem | undefined {
    return this.byId.get(id);
  }
}

export function toVenue(row: VenueRow, mediaIndex: MediaIndex): Venue {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    google_place_id: row.google_place_id,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    description: row.description,
    short_description: row.short_description,
    categories: row.categories,
    media: mediaIndex.of('venue', row.id),
    opening_hours: row.opening_hours ?? null,
    custom_fields: row.custom_fields ?? null,
  };
}

/** A deal as offer content: without the signed-in user's orders and points. */
export function toDealSummary(row: DealRow, productCount: number, mediaIndex: MediaIndex): DealSummary {
  return {
    id: row.id,
    offer_id: row.offer_id,
    name: row.name,
    use_points: row.use_points,
    venue_ids: row.venue_ids,
    max_product_redemptions: row.max_product_redemptions,
    points_valid_until: iso(row.points_valid_until),
    description: row.description,
    short_description: row.short_description,
    media: mediaIndex.of('deal', row.id),
    totalProductsCount: Number(productCount),
  };
}

export interface RedemptionCounts {
  redeemed: number;
  unredeemed: number;
}

/** The user's order products per product: how many are redeemed and how many are not yet. */
export function countRedemptions(
  orderProducts: Iterable<{ product_id: number; redeemed: Date | string | null }>,
): Map<number, RedemptionCounts> {
  const counts = new Map<number, RedemptionCounts>();
  for (const op of orderProducts) {
    const entry = counts.get(op.product_id) ?? { redeemed: 0, unredeemed: 0 };
    if (op.redeemed) entry.redeemed += 1;
    else entry.unredeemed += 1;
    counts.set(op.product_id, entry);
  }
  return counts;
}

export function toProduct(
  row: ProductRow,
  venueName: string | null,
  mediaIndex: MediaIndex,
  counts: ReadonlyMap<number, RedemptionCounts>,
): Product {
  return {
    id: row.id,
    offer_id: row.offer_id,
    deal_id: row.deal_id,
    venue_id: row.venue_id,
    name: row.name,
    type: row.type,
    redemptions: row.redemptions,
    repeat: row.repeat,
    repeat_delay: row.repeat_delay,
    repeat_delay_type: row.repeat_delay_type,
    points_to_be_earned: row.points_to_be_earned,
    settings: { quiz: row.settings?.quiz ?? null },
    ticket_settings: row.ticket_settings
      ? {
          hide_ticket: {
            after_redemption: row.ticket_settings.hide_ticket?.after_redemption ?? null,
            after_expiration: row.ticket_settings.hide_ticket?.after_expiration ?? null,
          },
        }
      : null,
    information: row.information,
    short_information: row.short_information,
    restrictions: row.restrictions,
    frequency: row.frequency,
    description: row.description,
    short_description: row.short_description,
    media: mediaIndex.of('product', row.id),
    custom_fields: row.custom_fields ?? null,
    venueName,
    redeemedCount: counts.get(row.id)?.redeemed ?? 0,
    unRedeemedCount: counts.get(row.id)?.unredeemed ?? 0,
  };
}

/**
 * An order product as /data and the redeem answer spell it: dates as ISO strings, the derived repeatDate,
 * and the ticket (when it has one) with its timer computed at `now` (spec 4 Ticket timer).
 */
export function toOrderProduct(
  op: OrderProductRow,
  product:
    | Pick<ProductRow, 'type' | 'ticket_settings' | 'repeat' | 'repeat_delay' | 'repeat_delay_type'>
    | undefined,
  ticketId: number | null,
  isPreview: boolean,
  now: Date,
): OrderProduct {
  const timer =
    ticketId !== null && product
      ? ticketTimer({
          productType: product.type,
          ticketSettings: product.ticket_settings,
          redeemed: op.redeemed,
          expireDate: op.expire_date,
          endDate: op.end_date,
          isPreview,
          now,
        })
      : { timer: null, initialTimer: null };
  return {
    id: op.id,
    product_id: op.product_id,
    deal_id: op.deal_id,
    order_id: op.order_id,
    order_deal_id: op.order_deal_id,
    redeemed: iso(op.redeemed),
    end_date: iso(op.end_date),
    expire_date: iso(op.expire_date),
    duplicate_date: iso(op.duplicate_date),
    repeatDate: product ? iso(repeatDate(product, op)) : null,
    redemptions: op.redemptions,
    redemptions_remaining_use: op.redemptions_remaining_use,
    points_to_be_earned: op.points_to_be_earned,
    ticket: ticketId === null ? null : { id: ticketId, order_product_id: op.id, ...timer },
  };
}

export type RewardItemRow = typeof reward_items.$inferSelect;
export type RewardItemAttributeRow = typeof attributes.$inferSelect;

/**
 * Reward items (spec 3) with their attributes (rows in attribute order) and media, in the rows' order.
 * ticketsAvailable is the stored map; the rewards catalogue lowers it by the live cart holds.
 */
export function toRewardItems(
  rows: readonly RewardItemRow[],
  attributeRows: readonly RewardItemAttributeRow[],
  mediaIndex: MediaIndex,
): RewardItem[] {
  const attributesByItem = new Map<number, RewardItem['attributes']>();
  for (const row of attributeRows) {
    const list = attributesByItem.get(row.reward_item_id) ?? [];
    list.push({ id: row.id, name: row.name, retail_price: Number(row.retail_price) });
    attributesByItem.set(row.reward_item_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    offer_id: row.offer_id,
    deal_id: row.deal_id,
    // The table's check constraint admits only the contract's three types.
    type: row.type as RewardItem['type'],
    name: row.name,
    description: row.description,
    attributes: attributesByItem.get(row.id) ?? [],
    retail_price: row.retail_price === null ? null : Number(row.retail_price),
    shipped: row.shipped,
    picked_up: row.picked_up,
    shipping_details: row.shipping_details,
    pickup_instructions: row.pickup_instructions,
    giftable: row.giftable,
    ticketsAvailable: row.tickets_available ?? null,
    venue_id: row.venue_id,
    redemption_validation: row.redemption_validation,
    package_id: row.package_id,
    grants_deal_id: row.grants_deal_id,
    media: mediaIndex.of('reward_item', row.id),
  }));
}
