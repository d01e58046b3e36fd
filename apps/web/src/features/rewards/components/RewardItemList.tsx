import type { Offer, RewardItem } from '@trailpass/contract';
import { memo } from 'react';
import InfoOutlinedIcon from '~icons/ic/outline-info';
import { RetryAlert, Skeleton } from '../../../components/ui';
import { englishText, useTranslation } from '../../../i18n';
import { useFirstScreenFirst } from '../../../lib/use-first-screen-first';
import { RewardItemCard } from '../../modules/components/RewardItemCard';

/** The empty list's English text, for the tests; the page shows it in the chosen language. */
export const EMPTY_REWARDS_MESSAGE = englishText('rewards:emptyRewards');

/** Two rows of the grid: enough to fill a phone screen's first view. */
const SKELETON_CARDS = ['first', 'second', 'third', 'fourth'];

/** Three rows of the grid: about what a phone shows before scrolling, rendered first (useFirstScreenFirst). */
const FIRST_SCREEN_CARDS = 6;

/** Card-shaped placeholders in the same grid, so nothing jumps when the rewards arrive. */
function RewardsSkeleton() {
  const { t } = useTranslation('rewards');
  return (
    <div role="status">
      <span className="tp-sr-only">{t('loadingRewards')}</span>
      <div aria-hidden="true" className="tp-rewards-grid">
        {SKELETON_CARDS.map((key) => (
          <div key={key}>
            <Skeleton style={{ width: '100%', aspectRatio: '16 / 9' }} />
            <Skeleton variant="text" width="80%" height={28} />
            {/* MUI's text skeleton was a line of the body text high (1rem at 1.5). */}
            <Skeleton variant="text" width="50%" height={24} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Spec 2.5 reward item cards, with their loading, error and empty states. */
export function RewardItemList({
  items,
  loading,
  failed,
  onRetry,
  retrying = false,
  offer,
  currentPoints,
  locale,
}: {
  items: readonly RewardItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The rewards are being fetched again after failing. */
  retrying?: boolean;
  offer: Pick<Offer, 'points_ratio'>;
  currentPoints: number;
  locale: string;
}) {
  const { t } = useTranslation('rewards');
  if (loading) return <RewardsSkeleton />;
  if (failed || !items) {
    return (
      <RetryAlert onRetry={onRetry} retrying={retrying}>
        {t('rewardsFailed')}
      </RetryAlert>
    );
  }
  if (items.length === 0) {
    // An info alert, announced as an alert as it always was (components/ui's Alert makes info a status).
    return (
      <div role="alert" className="tp-alert tp-alert-info">
        <InfoOutlinedIcon />
        <div className="tp-alert-message">{t('emptyRewards')}</div>
      </div>
    );
  }
  return <RewardCards items={items} offer={offer} currentPoints={currentPoints} locale={locale} />;
}

/**
 * Memoised: the page renders again when the fresh points count arrives, in the query's synchronous
 * render; with the same items and balance the cards need not be rendered again in it.
 */
const RewardCards = memo(function RewardCards({
  items,
  offer,
  currentPoints,
  locale,
}: {
  items: readonly RewardItem[];
  offer: Pick<Offer, 'points_ratio'>;
  currentPoints: number;
  locale: string;
}) {
  const { t } = useTranslation('rewards');
  const shown = useFirstScreenFirst(items, FIRST_SCREEN_CARDS);
  return (
    <ul aria-label={t('rewards')} className="tp-list tp-rewards-grid">
      {shown.map((item, index) => (
        <li key={item.id}>
          {/* Right below the page's h1 (My Rewards): the names are its h2s. */}
          <RewardItemCard
            item={item}
            offer={offer}
            locale={locale}
            currentPoints={currentPoints}
            headingLevel={2}
            imageLoading={index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'}
          />
        </li>
      ))}
    </ul>
  );
});
