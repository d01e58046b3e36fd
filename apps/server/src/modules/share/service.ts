import type { PassLanguage, ShareResponse } from '@trailpass/contract';
import type { DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { notFound } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { translator } from '../language/i18n';
import { localized, localizedOrNull } from '../language/translate';
import { shareText, shareUrl } from './domain';
import { findShareDeal, findShareOffer } from './repository';

/**
 * GET .../share: what to share about the offer, or about one of its deals. The url is the offer's public
 * sign-up page: a pass link carries the holder's token, which is a credential, so it never goes into a
 * share (DESIGN.md section 5).
 */
export async function loadShare(
  db: DbExecutor,
  holder: HolderSession,
  dealId: number | undefined,
  language: PassLanguage = 'en',
): Promise<ShareResponse> {
  const [offerRow, dealRow] = await readsTogether(db, [
    () => findShareOffer(db, holder.offerId),
    () => (dealId === undefined ? null : findShareDeal(db, dealId, holder.offerId)),
  ]);
  if (!offerRow || (dealId !== undefined && !dealRow)) throw notFound();
  // The offer's and deal's texts in the request's language (decision 0049), field by field.
  const offer = localized(offerRow, language);
  const deal = localizedOrNull(dealRow, language);
  const title = deal?.name ?? offer.name;
  return {
    title,
    text: shareText(
      [deal?.short_description, deal?.description, offer.description],
      translator(language)('share.fallback', { name: offer.name }),
    ),
    url: shareUrl(offer.signup_url),
  };
}
