import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { media, offers, partners } from '../../db/schema';
import { primaryColourOf } from '../manifest/domain';

/** What every e-mail of an offer shows of it: its name, its primary colour and its logo. */
export interface MailBrand {
  offerName: string;
  /** Spec 9's primary colour, as the pass shows it. */
  colour: string;
  /** An absolute URL, or null when neither the offer nor its partner has a logo. */
  logoUrl: string | null;
}

/** The logo locations an e-mail header takes, best first (as Login takes them, spec 2.13). */
const LOGO_LOCATIONS = ['HorizontalLogo', 'Logo'] as const;

/**
 * The offer's brand for an e-mail, in two reads: the offer with its partner's styles, then the logo media of
 * both. Media URLs (`/pass/media/...`) become absolute on `publicUrl`, as a mail client has no base.
 */
export async function loadMailBrand(db: DbExecutor, offerId: number, publicUrl: string): Promise<MailBrand> {
  const [offer] = await db
    .select({
      name: offers.name,
      partnerId: offers.partner_id,
      offerStyles: offers.styles,
      partnerStyles: partners.styles,
    })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partner_id))
    .where(eq(offers.id, offerId));
  if (!offer) throw new Error(`no offer ${offerId} to brand an e-mail with`);
  const logos = await db
    .select({ ownerType: media.owner_type, location: media.location, url: media.url })
    .from(media)
    .where(
      and(
        inArray(media.location, [...LOGO_LOCATIONS]),
        or(
          and(eq(media.owner_type, 'offer'), eq(media.owner_id, offerId)),
          and(eq(media.owner_type, 'partner'), eq(media.owner_id, offer.partnerId)),
        ),
      ),
    );
  const logo = (['offer', 'partner'] as const)
    .flatMap((owner) => LOGO_LOCATIONS.map((location) => ({ owner, location })))
    .map(({ owner, location }) => logos.find((m) => m.ownerType === owner && m.location === location))
    .find((found) => found !== undefined);
  return {
    offerName: offer.name,
    colour: primaryColourOf(offer.offerStyles, offer.partnerStyles),
    logoUrl: logo ? new URL(logo.url, `${publicUrl}/`).toString() : null,
  };
}
