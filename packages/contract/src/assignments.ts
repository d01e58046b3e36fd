import { z } from 'zod';
import { id, idParam, isoDateTime, mediaItem, partnerUserParams, passQuery } from './common';
import { ASSIGNMENT_TYPES } from './constants';
import { deal, product, venue } from './entities';

/**
 * Module pages (spec 2.4, 3 Module and Assignment, 7 Assignments and Module assignment).
 *
 * An assignment is the ordered list of modules shown on one page: the offer's Experiences (location pass)
 * or Explore (location explore), a deal, venue or product page (location pass), or a product's redeem view
 * (location redeem). The response carries the modules in order and a data map by entity type with every
 * record the modules' relation id lists name, plus the page's own entity and its neighbours.
 */

export const assignmentType = z.enum(ASSIGNMENT_TYPES);
export type AssignmentType = z.infer<typeof assignmentType>;

/** A location is a short lower-case word; any other text is invalid input (400). */
export const assignmentLocation = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,31}$/, 'Expected a location such as pass, explore or redeem.');

export const moduleSettings = z.object({
  label: z.string().optional(),
  notes: z.string().optional(),
});

export const pageModule = z.object({
  id,
  /** Null is logged by the app as "Missing module type."; unknown types are skipped. */
  type: z.string().nullable(),
  name: z.string(),
  sort_order: z.number().int(),
  /** Inline keys (fields, items, label, media, notes, sorted, perks, value, video) and relation id lists. */
  data: z.record(z.string(), z.unknown()),
  settings: moduleSettings.nullable(),
  /** Derived: the type of the page the module is assigned to. */
  assignment: assignmentType,
  /** Derived: an ImageShowcase with sort_order 1 or 2 on a deal, venue or product page. */
  isFixed: z.boolean(),
  /** Derived: the opacity before any scrolling (the app fades it as the page scrolls). */
  opacity: z.number(),
});
export type PageModule = z.infer<typeof pageModule>;

export const category = z.object({ id, name: z.string(), icon: z.string().nullable() });
export type Category = z.infer<typeof category>;

/** A deal as content: the offer-level fields, without the signed-in user's orders and points. */
export const dealSummary = deal.omit({
  order_deals: true,
  current_points: true,
  next_points_expiration: true,
});
export type DealSummary = z.infer<typeof dealSummary>;

/** A venue with the derived fields of an assignment (spec 3 Venue). */
export const assignmentVenue = venue.extend({
  /** Ids of the offer's products at this venue. */
  products: z.array(id),
  /** Miles from the user's location when the request carried it and the venue has coordinates. */
  miles: z.number().nullable(),
  /** The signed-in user has redeemed some product at this venue. */
  hasSomeRedemption: z.boolean(),
});
export type AssignmentVenue = z.infer<typeof assignmentVenue>;

export const packageItem = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  product_ids: z.array(id),
  media: z.array(mediaItem),
});
export type PackageItem = z.infer<typeof packageItem>;

export const perk = z.object({
  id,
  name: z.string(),
  /** HTML, sanitised where it is shown. */
  description: z.string().nullable(),
  venue_id: id.nullable(),
  url: z.string().nullable(),
  media: z.array(mediaItem),
});
export type Perk = z.infer<typeof perk>;

export const rewardItemAttribute = z.object({ id, name: z.string(), retail_price: z.number() });
export type RewardItemAttribute = z.infer<typeof rewardItemAttribute>;

/** Spec 3 Reward item: the rewards catalogue (the typeId of /rewards/{type}/{typeId}). */
export const rewardItem = z.object({
  id,
  offer_id: id,
  /** The gamified deal whose points pay for it; null on points offers. */
  deal_id: id.nullable(),
  type: z.enum(['product', 'deal', 'package']),
  name: z.string(),
  description: z.string().nullable(),
  attributes: z.array(rewardItemAttribute),
  /** Used when there are no attributes. */
  retail_price: z.number().nullable(),
  shipped: z.boolean(),
  picked_up: z.boolean(),
  shipping_details: z.string().nullable(),
  pickup_instructions: z.string().nullable(),
  giftable: z.boolean(),
  /** Attribute id (or "0" for all) -> count left (null = unlimited); a null map means no limit. */
  ticketsAvailable: z.record(z.string(), z.number().int().nullable()).nullable(),
  venue_id: id.nullable(),
  redemption_validation: z.string().nullable(),
  package_id: id.nullable(),
  grants_deal_id: id.nullable(),
  media: z.array(mediaItem),
});
export type RewardItem = z.infer<typeof rewardItem>;

/** Extension: a poll on a deal page (spec 7 Polls), so the page knows which poll to load. */
export const pollSummary = z.object({
  id,
  deal_id: id,
  question: z.string(),
  closes_at: isoDateTime.nullable(),
});
export type PollSummary = z.infer<typeof pollSummary>;

/** The data map by entity type (spec 7 Assignments). Each list holds each record once. */
export const assignmentData = z.object({
  venues: z.array(assignmentVenue),
  categories: z.array(category),
  media: z.array(mediaItem),
  deals: z.array(dealSummary),
  products: z.array(product),
  packages: z.array(packageItem),
  rewardItems: z.array(rewardItem),
  perks: z.array(perk),
  /** Extension: the polls of the page's deal. */
  polls: z.array(pollSummary),
});
export type AssignmentData = z.infer<typeof assignmentData>;

export const assignmentResponse = z.object({
  /** The assignment that was found, or null when the page has none at this location (modules empty). */
  assignment: z
    .object({ id, type: assignmentType, assignmentId: id, location: z.string(), unregistered: z.boolean() })
    .nullable(),
  /** In ascending sort_order. */
  modules: z.array(pageModule),
  data: assignmentData,
});
export type AssignmentResponse = z.infer<typeof assignmentResponse>;

/** Path of the holder form; the preview and unregistered forms have no partnerUser/{id}. */
export const assignmentParams = partnerUserParams.extend({
  type: assignmentType,
  assignmentId: idParam,
  location: assignmentLocation,
});
export const anonymousAssignmentParams = assignmentParams.omit({ id: true });
export type AssignmentParams = z.infer<typeof assignmentParams>;

/** Latitude and longitude in a query string: a decimal number in range. */
const coordinate = (max: number) =>
  z
    .string()
    .regex(/^-?[0-9]{1,3}(\.[0-9]{1,12})?$/, 'Expected a decimal number.')
    .transform(Number)
    .pipe(z.number().min(-max).max(max));

/** offerId is the session's offer (0 on the preview and unregistered forms); the user's location is optional. */
export const assignmentQuery = passQuery.extend({
  offerId: z.union([idParam, z.literal('0').transform(() => 0)]),
  latitude: coordinate(90).optional(),
  longitude: coordinate(180).optional(),
});
export type AssignmentQuery = z.infer<typeof assignmentQuery>;

export const moduleAssignmentParams = partnerUserParams.extend({ moduleAssignment: idParam });
export const anonymousModuleAssignmentParams = moduleAssignmentParams.omit({ id: true });
/** Module assignment takes the same query as an assignment lookup; offerId may be left out there. */
export const moduleAssignmentQuery = assignmentQuery.partial({ offerId: true });
