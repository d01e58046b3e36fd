import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { offers, page_views } from '../../db/schema';

export interface PageViewRow {
  sessionId: number;
  offerId: number | null;
  partnerUserId: number | null;
  isPreview: boolean;
  isUnregistered: boolean;
  routeName: string;
  productId: number | null;
  dealId: number | null;
  venueId: number | null;
  sessionDeviceId: string | null;
  localDeviceId: string | null;
}

/** One page view; the partner is taken from the offer in the same statement. */
export async function insertPageView(db: DbExecutor, view: PageViewRow): Promise<void> {
  await db.insert(page_views).values({
    session_id: view.sessionId,
    route_name: view.routeName,
    partner_id:
      view.offerId === null
        ? null
        : sql`(select ${offers.partner_id} from ${offers} where ${eq(offers.id, view.offerId)})`,
    offer_id: view.offerId,
    is_preview: view.isPreview,
    is_unregistered: view.isUnregistered,
    partner_user_id: view.partnerUserId,
    product_id: view.productId,
    deal_id: view.dealId,
    venue_id: view.venueId,
    session_device_id: view.sessionDeviceId,
    local_device_id: view.localDeviceId,
  });
}
