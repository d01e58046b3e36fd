import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';

/**
 * Issue 31 item 3: an offer's content as the console's quick edits see it, and the edits themselves (a
 * reward's points price and stock, a deal's date, a venue's check-in code, a preview link), made without an
 * import file. Paths from the site root, in Fastify's `:param` form (as consolePaths).
 */
export const contentPaths = {
  catalogue: '/console/api/offers/:offerId/content',
  reward: '/console/api/offers/:offerId/content/rewards/:rewardId',
  deal: '/console/api/offers/:offerId/content/deals/:dealId',
  venueCode: '/console/api/offers/:offerId/content/venues/:venueId/code',
  previewLinks: '/console/api/offers/:offerId/content/preview-links',
} as const;

export const rewardParams = z.strictObject({ offerId: idParam, rewardId: idParam });
export const dealParams = z.strictObject({ offerId: idParam, dealId: idParam });
export const venueParams = z.strictObject({ offerId: idParam, venueId: idParam });

/** The most points a price may be (a typo guard: ten million points). */
export const MAX_POINTS_PRICE = 10_000_000;
/** The largest stock count a key may be set to. */
export const MAX_STOCK = 1_000_000;

const pointsPrice = z
  .number({ error: 'Enter a whole number of points.' })
  .int('Enter a whole number of points.')
  .min(0, 'A price cannot be below 0 points.')
  .max(MAX_POINTS_PRICE, `A price is at most ${MAX_POINTS_PRICE.toLocaleString('en-US')} points.`);

/**
 * One key of a reward's stock: `key` is "0" (every option, or a reward without options) or an option's id,
 * as the import format's ticketsAvailable map has them. `left`: what can still be claimed (the stored
 * count less completed orders not yet folded into it); null means no limit on that key.
 */
export const stockLine = z.object({
  key: z.string(),
  /** The option's name; null for key "0". */
  option: z.string().nullable(),
  left: z.number().int().nullable(),
  /** Units in holders' carts right now (a 10-minute hold each), still counted in `left`. */
  held: z.number().int(),
});
export type StockLine = z.infer<typeof stockLine>;

export const rewardOption = z.object({ id, name: z.string(), pointsPrice: z.number().int() });
export type RewardOption = z.infer<typeof rewardOption>;

/** A reward of the catalogue. Points price = the offer's points ratio × the retail price (spec 5). */
export const catalogueReward = z.object({
  id,
  name: z.string(),
  type: z.string(),
  /** The gamified deal whose points pay for it; null on a points offer. */
  dealName: z.string().nullable(),
  /** The reward's price; null when it has options, which are priced one by one. */
  pointsPrice: z.number().int().nullable(),
  options: z.array(rewardOption),
  /** Null: the reward's stock has no limit at all. */
  stock: z.array(stockLine).nullable(),
  shipped: z.boolean(),
  pickedUp: z.boolean(),
});
export type CatalogueReward = z.infer<typeof catalogueReward>;

export const catalogueDeal = z.object({
  id,
  name: z.string(),
  usePoints: z.boolean(),
  /** The deal's date: its points expire then, and it stops earning. Null: no date. */
  pointsValidUntil: isoDateTime.nullable(),
});
export type CatalogueDeal = z.infer<typeof catalogueDeal>;

export const catalogueVenue = z.object({
  id,
  name: z.string(),
  address: z.string().nullable(),
  /** Whether the venue has a check-in code (the code itself is never sent, here or to holders). */
  hasCode: z.boolean(),
  /** Also used by an offer of another partner: its code cannot be changed from this offer. */
  shared: z.boolean(),
});
export type CatalogueVenue = z.infer<typeof catalogueVenue>;

export const catalogueProduct = z.object({
  id,
  name: z.string(),
  type: z.string(),
  /** Null: a standalone product (deal_id 0 in the import format). */
  dealId: id.nullable(),
  venueId: id.nullable(),
});
export type CatalogueProduct = z.infer<typeof catalogueProduct>;

/**
 * GET contentPaths.catalogue: the whole of one offer's rewards, deals, venues and products, by name. An
 * offer's content is one import document's worth (tens to hundreds of rows), so the console reads it once
 * and pages it on the page.
 */
export const contentCatalogue = z.object({
  offerId: id,
  offerName: z.string(),
  /** Points per unit of retail price; 1 when the offer has none. */
  pointsRatio: z.number(),
  /** The partner's time zone (IANA), in which deal dates are shown and entered. */
  timezone: z.string(),
  rewards: z.array(catalogueReward),
  deals: z.array(catalogueDeal),
  venues: z.array(catalogueVenue),
  products: z.array(catalogueProduct),
});
export type ContentCatalogue = z.infer<typeof contentCatalogue>;

/**
 * PATCH contentPaths.reward: any of a reward's points price (a reward without options), its options'
 * points prices, and its stock. `stock` replaces the whole stock: null for no limit, else one line per key
 * ("0" or an option's id), each a count or null (no limit on that key). A price that the offer's points
 * ratio cannot turn into a retail price in whole cents is refused with the nearest prices that can.
 */
export const rewardUpdateRequest = z
  .strictObject({
    pointsPrice: pointsPrice.optional(),
    options: z.array(z.strictObject({ id, pointsPrice })).min(1).max(100).optional(),
    stock: z
      .array(
        z.strictObject({
          key: z.string().regex(/^(0|[1-9][0-9]{0,9})$/, 'Expected "0" or an option id.'),
          left: z
            .number({ error: 'Enter a whole number, or leave it empty for no limit.' })
            .int('Enter a whole number, or leave it empty for no limit.')
            .min(0, 'Stock cannot be below 0.')
            .max(MAX_STOCK, `Stock is at most ${MAX_STOCK.toLocaleString('en-US')}.`)
            .nullable(),
        }),
      )
      .min(1)
      .max(101)
      .nullable()
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of pointsPrice, options and stock.');
export type RewardUpdateRequest = z.infer<typeof rewardUpdateRequest>;

/**
 * PATCH contentPaths.deal: the deal's date (null: none). Points already credited keep the expiry they were
 * given; new credits and the holder's deal selector follow the new date.
 */
export const dealUpdateRequest = z.strictObject({
  pointsValidUntil: z.iso
    .datetime({ offset: true, error: 'Expected a date and time such as 2027-01-31T23:59:00Z.' })
    .nullable(),
});
export type DealUpdateRequest = z.infer<typeof dealUpdateRequest>;

/**
 * PUT contentPaths.venueCode: a new 4-digit check-in code for the venue, chosen by the server unless
 * `code` is given; the old one stops working at once. The code is in this answer only.
 */
export const venueCodeRequest = z.strictObject({
  code: z
    .string()
    .regex(/^[0-9]{4}$/, 'A check-in code is 4 digits.')
    .optional(),
});
export type VenueCodeRequest = z.infer<typeof venueCodeRequest>;
export const venueCodeIssued = z.object({ venueId: id, code: z.string(), changedAt: isoDateTime });
export type VenueCodeIssued = z.infer<typeof venueCodeIssued>;

/**
 * POST contentPaths.previewLinks: a partner preview link (spec: preview mode) of a product or venue page,
 * optionally inside a deal (the Deal-prefixed route). The product, venue and deal must be the offer's; with
 * a deal, the product must be of it or the venue among its venues.
 */
export const PREVIEW_TYPES = ['product', 'venue'] as const;
export const previewLinkRequest = z.strictObject({
  type: z.enum(PREVIEW_TYPES),
  id,
  dealId: id.nullable().optional(),
});
export type PreviewLinkRequest = z.infer<typeof previewLinkRequest>;
export const previewLinkIssued = z.object({
  url: z.string(),
  token: z.string(),
  /** The page the preview opens on, such as /experiences/deal/201/product/507. */
  path: z.string(),
});
export type PreviewLinkIssued = z.infer<typeof previewLinkIssued>;
