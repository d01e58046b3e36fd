import ChevronRightIcon from '~icons/ic/baseline-chevron-right';
import StarsIcon from '~icons/ic/baseline-stars';
import { useTranslation } from '../../../i18n';
import { AppLink } from '../../../lib/navigation';
import { formatPoints } from '../../modules/components/reward-items';

/**
 * Spec 2.5: the holder's current points as a chip that opens the points history. A chip is small, so it
 * is drawn 48 px tall to be an easy target, and named for where it leads as well as what it shows.
 * A plain link in MUI's primary Chip look (styles/rewards-orders.css, decision 0027).
 */
export function PointsChip({ points, locale }: { points: number; locale: string }) {
  const { t } = useTranslation('rewards');
  const label = formatPoints(points, locale);
  return (
    <AppLink
      to="RewardsHistory"
      className="tp-points-chip"
      aria-label={t('pointsSeeHistory', { points: label })}
    >
      <StarsIcon />
      <span className="tp-points-chip-label">
        {label}
        <ChevronRightIcon />
      </span>
    </AppLink>
  );
}
