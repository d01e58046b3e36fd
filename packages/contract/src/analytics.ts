import { z } from 'zod';
import { deviceId, id } from './common';

/** Route names of spec 2.1, plus Signup for the unregistered-link page. */
export const routeNames = [
  'Login',
  'Experiences',
  'Deal',
  'DealVenue',
  'Product',
  'VenueProduct',
  'DealProduct',
  'DealVenueProduct',
  'Venue',
  'Messages',
  'Subscriptions',
  'Explore',
  'ReviewOrder',
  'OrderHistory',
  'OrderDetails',
  'Cart',
  'Rewards',
  'ClaimReward',
  'RewardsHistory',
  'ShippingInfo',
  'RewardsClaimed',
  'CommonQuestions',
  'More',
  'Signup',
] as const;
export const routeName = z.enum(routeNames);
export type RouteName = z.infer<typeof routeName>;

/**
 * POST /pass/api/events/page-view (spec 2.1: each page change after the first).
 * Partner, offer, preview flags and user come from the session on the server, so a client
 * cannot attribute a view to someone else; the client sends what only it knows.
 */
export const pageViewRequest = z.strictObject({
  route_name: routeName,
  product_id: id.nullable().optional(),
  deal_id: id.nullable().optional(),
  venue_id: id.nullable().optional(),
  /** Spec 9: the session-scoped and local device ids, so views of one device can be told apart. */
  session_device_id: deviceId.optional(),
  local_device_id: deviceId.optional(),
});
export type PageViewRequest = z.infer<typeof pageViewRequest>;
