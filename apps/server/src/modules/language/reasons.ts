import { DEFAULT_PASS_LANGUAGE, type PassLanguage } from '@trailpass/contract';
import { type Translate, translator } from './i18n';

/**
 * A points history entry's reason in the request's language (decision 0049). A ledger row keeps the
 * reason written when it was booked, in English (`claimed Brew Trail Tee (M)`), and the ledger has no kind
 * column: the reasons the server itself writes are known by their English form and read in the holder's
 * language, the names in them as they were written (a name is a snapshot, as an order item's). Any other
 * reason (a partner's own words, from an import or the console) stays as written. Stored rows never change.
 */
const REASONS: ReadonlyArray<readonly [RegExp, (t: Translate, parts: string[]) => string]> = [
  // console/fulfilment: a cancelled item's points credited back.
  [/^refund: (.+) cancelled$/s, (t, [item]) => t('points.refund', { item })],
  // cart completion: a reward claimed, with its option in brackets when it has one.
  [/^claimed (.+) \(([^()]+)\)$/s, (t, [item, option]) => t('points.claimedOption', { item, option })],
  [/^claimed (.+)$/s, (t, [item]) => t('points.claimed', { item })],
  // redeem (earnedReason): a check-in or a redemption, at its venue when it has one.
  [/^checked in at (.+)$/s, (t, [venue]) => t('points.checkedInAt', { venue })],
  [/^checked in: (.+)$/s, (t, [product]) => t('points.checkedIn', { product })],
  [/^redeemed (.+?) at (.+)$/s, (t, [product, venue]) => t('points.redeemedAt', { product, venue })],
  [/^redeemed (.+)$/s, (t, [product]) => t('points.redeemed', { product })],
];

/** `reason` in `language`: a reason the server writes, translated; any other as written; English as is. */
export function localizedReason(reason: string, language: PassLanguage): string {
  if (language === DEFAULT_PASS_LANGUAGE) return reason;
  for (const [pattern, render] of REASONS) {
    const match = pattern.exec(reason);
    if (match) return render(translator(language), match.slice(1));
  }
  return reason;
}
