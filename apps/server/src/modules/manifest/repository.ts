import { INSTALL_ICON_LOCATIONS } from '@trailpass/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { media, offers, partners } from '../../db/schema';

/** The offer's name (with its translations) and colour with its partner's colour; null when none. */
export async function findManifestOffer(db: DbExecutor, offerId: number) {
  const [row] = await db
    .select({
      name: offers.name,
      translations: offers.translations,
      offerStyles: offers.styles,
      partnerStyles: partners.styles,
    })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(eq(offers.id, offerId))
    .limit(1);
  return row ?? null;
}

/** Icon media (Icon196, Icon152) of the offer and of its partner, in their given order. */
export function listManifestIcons(db: DbExecutor, offerId: number) {
  const partnerOfOffer = db.select({ id: offers.partner_id }).from(offers).where(eq(offers.id, offerId));
  return db
    .select({ ownerType: media.owner_type, location: media.location, url: media.url })
    .from(media)
    .where(
      and(
        inArray(media.location, [...INSTALL_ICON_LOCATIONS]),
        or(
          and(eq(media.owner_type, 'offer'), eq(media.owner_id, offerId)),
          and(eq(media.owner_type, 'partner'), inArray(media.owner_id, partnerOfOffer)),
        ),
      ),
    )
    .orderBy(asc(media.position), asc(media.id));
}
