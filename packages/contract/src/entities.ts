import { z } from 'zod';
import { id, isoDateTime, mediaItem, styles } from './common';

export const faq = z.object({
  id,
  code: z.string().nullable(),
  question: z.string(),
  answer: z.string().nullable(),
  showOnMobilePass: z.boolean(),
  icon: z.string().nullable(),
});
export type Faq = z.infer<typeof faq>;

export const previewType = z.enum(['product', 'venue']);
export type PreviewType = z.infer<typeof previewType>;

export const offer = z.object({
  id,
  partner_id: id,
  name: z.string(),
  description: z.string().nullable(),
  highlights: z.string().nullable(),
  media: z.array(mediaItem),
  styles: styles.nullable(),
  use_points: z.boolean(),
  points_ratio: z.number().nullable(),
  gifting: z.boolean(),
  support_phone: z.string().nullable(),
  support_text: z.string().nullable(),
  bablic_snippet: z.string().nullable(),
  points_valid_until: isoDateTime.nullable(),
  faqs: z.array(faq),
  isPreview: z.boolean(),
  previewType: previewType.nullable(),
  previewTypeId: id.nullable(),
  previewDealId: id.nullable(),
  isUnregisteredLink: z.boolean(),
});
export type Offer = z.infer<typeof offer>;

export const partner = z.object({
  id,
  name: z.string(),
  website: z.string().nullable(),
  timezone: z.string(),
  logo: z.string().nullable(),
  styles: styles.nullable(),
  media: z.array(mediaItem),
});
export type Partner = z.infer<typeof partner>;

export const country = z.enum(['US', 'CA']);
export const partnerUser = z.object({
  id,
  partner_id: id,
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  contact_permission: z.union([z.literal(0), z.literal(1)]),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  /** Stored as given; the shipping form falls back to US for anything but US or CA. */
  country: z.string().nullable(),
});
export type PartnerUser = z.infer<typeof partnerUser>;

export const pointsExpiration = z.object({ date: isoDateTime, points: z.number().int() });
export type PointsExpiration = z.infer<typeof pointsExpiration>;

export const deal = z.object({
  id,
  offer_id: id,
  name: z.string(),
  use_points: z.boolean(),
  venue_ids: z.array(id),
  max_product_redemptions: z.number().int().nullable(),
  points_valid_until: isoDateTime.nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  media: z.array(mediaItem),
  /** Derived: the signed-in user's orders of this deal. */
  order_deals: z.array(z.object({ id, order_id: id })),
  /** Derived: number of products in the deal. */
  totalProductsCount: z.number().int(),
  /** Derived: the user's points on this deal (0 when signed out). */
  current_points: z.number().int(),
  next_points_expiration: pointsExpiration.nullable(),
});
export type Deal = z.infer<typeof deal>;

export const hideRule = z.object({ amount: z.number(), type: z.string() }).nullable();
export const product = z.object({
  id,
  offer_id: id,
  deal_id: z.number().int(),
  venue_id: id.nullable(),
  name: z.string(),
  type: z.string(),
  redemptions: z.number().int().nullable(),
  repeat: z.boolean(),
  repeat_delay: z.number().nullable(),
  repeat_delay_type: z.string().nullable(),
  points_to_be_earned: z.number().int().nullable(),
  settings: z.object({ quiz: z.unknown().nullable() }).nullable(),
  ticket_settings: z
    .object({ hide_ticket: z.object({ after_redemption: hideRule, after_expiration: hideRule }) })
    .nullable(),
  information: z.string().nullable(),
  short_information: z.string().nullable(),
  restrictions: z.string().nullable(),
  frequency: z.string().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  media: z.array(mediaItem),
  custom_fields: z.record(z.string(), z.string()).nullable(),
  /** Derived from the venue. */
  venueName: z.string().nullable(),
  /** Derived from the user's order products. */
  redeemedCount: z.number().int(),
  unRedeemedCount: z.number().int(),
});
export type Product = z.infer<typeof product>;

export const orderDeal = z.object({
  id,
  deal_id: id,
  order_id: id,
  redemptions_remaining: z.number().int().nullable(),
  redemptions_made: z.number().int(),
  added_max_redemptions: z.number().int().nullable(),
  type: z.literal('deal'),
});
export type OrderDeal = z.infer<typeof orderDeal>;

export const ticket = z.object({
  id,
  order_product_id: id,
  /** Seconds left before the ticket hides; 0 for a check-in, -1 once hidden (spec 4). */
  timer: z.number().nullable(),
  /** The whole hide period in seconds. */
  initialTimer: z.number().nullable(),
});
export type Ticket = z.infer<typeof ticket>;

export const orderProduct = z.object({
  id,
  product_id: id,
  deal_id: z.number().int(),
  order_id: id,
  order_deal_id: id.nullable(),
  redeemed: isoDateTime.nullable(),
  end_date: isoDateTime.nullable(),
  expire_date: isoDateTime.nullable(),
  duplicate_date: isoDateTime.nullable(),
  repeatDate: isoDateTime.nullable(),
  redemptions: z.number().int().nullable(),
  redemptions_remaining_use: z.number().int().nullable(),
  points_to_be_earned: z.number().int().nullable(),
  ticket: ticket.nullable(),
});
export type OrderProduct = z.infer<typeof orderProduct>;

export const openingHours = z.object({
  timezone: z.string(),
  periods: z.array(z.object({ day: z.string(), open: z.string(), close: z.string() })),
  note: z.string().nullable().optional(),
});

export const venue = z.object({
  id,
  name: z.string(),
  address: z.string().nullable(),
  google_place_id: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  categories: z.array(id),
  media: z.array(mediaItem),
  opening_hours: openingHours.nullable(),
  custom_fields: z.record(z.string(), z.string()).nullable(),
});
export type Venue = z.infer<typeof venue>;

/** A partner mailing list with the user's flag (a list with no subscription row counts as 0). */
export const messageList = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  subscribed: z.union([z.literal(0), z.literal(1)]),
});
export type MessageList = z.infer<typeof messageList>;

/** One pass listed on the sign-up page of an unregistered venue link (spec 3, 2.14). */
export const unregisteredLink = z.object({
  url: z.string().nullable(),
  pass: z.object({
    id,
    name: z.string(),
    media: z.array(mediaItem),
    highlights: z.string().nullable(),
    partner: z.object({ id, name: z.string(), website: z.string().nullable(), media: z.array(mediaItem) }),
  }),
});
export type UnregisteredLink = z.infer<typeof unregisteredLink>;
