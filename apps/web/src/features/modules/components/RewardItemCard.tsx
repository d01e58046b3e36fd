import type { Offer, RewardItem } from '@trailpass/contract';
import { Chip } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { heroUrl } from '../../../lib/media';
import { ContentCard } from './ContentCard';
import { claimRewardTarget, formatPointsRange, rewardQuote } from './reward-items';

/**
 * A reward as a card leading to ClaimReward: hero, name, the points it needs ("From …" when its options
 * differ), options that are gone, how it is delivered, and Sold out when no option has any left. Given
 * the holder's balance (the Rewards page), it also says when no option left is within reach.
 */
export function RewardItemCard({
  item,
  offer,
  locale,
  currentPoints = null,
  headingLevel,
  imageLoading = 'lazy',
}: {
  item: RewardItem;
  offer: Pick<Offer, 'points_ratio'> | null;
  locale: string;
  currentPoints?: number | null;
  /** The name's heading level (ContentCard): 2 where the cards come right below the page's h1. */
  headingLevel?: 2 | 3;
  /** 'eager' for a card on the first screen: a lazy picture there waits for layout, and may be the page's largest paint. */
  imageLoading?: 'lazy' | 'eager';
}) {
  const { t } = useTranslation('modules');
  const quote = rewardQuote(item, offer, currentPoints);
  // Sold out already says it cannot be claimed; Not enough points would only add noise.
  const notEnough = !quote.soldOut && quote.affordable === false;
  return (
    <ContentCard
      title={item.name}
      image={heroUrl(item.media)}
      loading={imageLoading}
      link={{ kind: 'route', to: claimRewardTarget(item) }}
      {...(headingLevel ? { headingLevel } : {})}
    >
      {quote.points !== null && <p className="tp-body2 tp-bold">{formatPointsRange(quote.points, locale)}</p>}
      {quote.soldOutOptions.length > 0 && (
        <p className="tp-body2 tp-secondary">
          {t('optionsSoldOut', { options: quote.soldOutOptions.join(', ') })}
        </p>
      )}
      {(item.shipped || item.picked_up || quote.soldOut || notEnough) && (
        <div className="tp-mod-chips">
          {/* MUI's filled error Chip: white on the error red (components/ui's Chip has no error colour). */}
          {quote.soldOut && <Chip size="small" label={t('soldOut')} className="tp-mod-chip-error" />}
          {notEnough && <Chip size="small" label={t('notEnoughPoints')} />}
          {item.shipped && <Chip size="small" variant="outlined" label={t('shipped')} />}
          {item.picked_up && <Chip size="small" variant="outlined" label={t('pickup')} />}
        </div>
      )}
    </ContentCard>
  );
}
