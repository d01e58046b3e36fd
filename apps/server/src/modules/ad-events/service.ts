import type { AdEventRequest } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { checkAdEventTargets, insertAdEvent } from './repository';

/**
 * Stores one ad event of the holder. Every id it names must be real and, for deals, venues and products,
 * of the session's offer (404 otherwise, as for any object of another offer), so the partner's figures
 * never count content the holder could not have seen.
 */
export async function recordAdEvent(db: DbExecutor, holder: HolderSession, event: AdEventRequest) {
  const targets = {
    moduleId: event.module_id,
    dealId: event.deal_id ?? null,
    venueId: event.venue_id ?? null,
    productId: event.product_id ?? null,
  };
  const found = await checkAdEventTargets(db, holder.offerId, targets);
  const missing = (['module', 'deal', 'venue', 'product'] as const).filter((key) => !found[key]);
  if (missing.length > 0) throw notFound(`No such ${missing.join(', ')} on this pass.`);
  await insertAdEvent(db, {
    session_id: holder.id,
    partner_user_id: holder.partnerUserId,
    offer_id: holder.offerId,
    type: event.type,
    module_id: targets.moduleId,
    deal_id: targets.dealId,
    venue_id: targets.venueId,
    product_id: targets.productId,
    url: event.url ?? null,
  });
}
