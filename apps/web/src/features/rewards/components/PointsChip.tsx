import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import StarsIcon from '@mui/icons-material/Stars';
import Chip from '@mui/material/Chip';
import { AppLink } from '../../../lib/navigation';
import { formatPoints } from '../../modules/components/reward-items';

/**
 * Spec 2.5: the holder's current points as a chip that opens the points history. A chip is small, so it
 * is drawn 48 px tall to be an easy target, and named for where it leads as well as what it shows.
 */
export function PointsChip({ points, locale }: { points: number; locale: string }) {
  const label = formatPoints(points, locale);
  return (
    <Chip
      component={AppLink}
      to="RewardsHistory"
      clickable
      color="primary"
      icon={<StarsIcon aria-hidden="true" />}
      label={
        <>
          {label}
          <ChevronRightIcon
            aria-hidden="true"
            sx={{ fontSize: '1.25em', ml: 0.25, verticalAlign: '-0.25em' }}
          />
        </>
      }
      aria-label={`${label}, see history`}
      sx={{ height: 48, borderRadius: 6, px: 0.5, fontSize: '1rem', fontWeight: 600 }}
    />
  );
}
