import { z } from 'zod';
import { id } from './common';
import {
  deal,
  messageList,
  offer,
  orderDeal,
  orderProduct,
  partner,
  partnerUser,
  pointsExpiration,
  previewType,
  product,
  unregisteredLink,
  venue,
} from './entities';
import { passLanguage } from './language';

/** GET /pass/api/data: everything the app needs to start (spec 7). */
export const dataResponse = z.object({
  /** True when the session is signed in (a partner user is bound to the token). */
  validated: z.boolean(),
  /** Null only for an unregistered venue link, which has no offer. */
  offer: offer.nullable(),
  isPreview: z.boolean(),
  isUnregisteredLink: z.boolean(),
  preview_deal_id: id.nullable(),
  preview_type: previewType.nullable(),
  preview_type_id: id.nullable(),
  deals: z.array(deal),
  products: z.array(product),
  order_deals: z.array(orderDeal),
  order_products: z.array(orderProduct),
  messageLists: z.array(messageList),
  /** Not modelled (demo README, resolved ambiguity 6): always empty. */
  offerFields: z.array(z.unknown()),
  partner: partner.nullable(),
  partner_user: partnerUser.nullable(),
  messageCounts: z.object({ unread: z.number().int() }),
  current_points: z.number().int(),
  next_points_expiration: pointsExpiration.nullable(),
  /** The venue of an unregistered link; null otherwise. */
  venue: venue.nullable(),
  /** Extension: the passes the sign-up page lists for an unregistered link (spec 2.14). */
  unregistered_links: z.array(unregisteredLink),
  /** Extension: the partner user's e-mail is on the provider's domain (spec 6, internal staff). */
  internal_staff: z.boolean(),
  /**
   * Extension (decision 0022): the token is a public link's, which many people share and nobody can sign in
   * to. The app trades it for a visitor session of its own (POST /sessions/visitor) before it shows anything.
   */
  public_link: z.boolean(),
  /**
   * Extension (decision 0049): the signed-in holder's saved language (PUT /language), null when none or
   * nobody is signed in. The answer's texts are in the request's language (X-Pass-Language, else this).
   */
  language: passLanguage.nullable(),
});
export type DataResponse = z.infer<typeof dataResponse>;
