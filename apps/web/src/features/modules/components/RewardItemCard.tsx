import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Offer, RewardItem } from '@trailpass/contract';
import { heroUrl } from '../../../lib/media';
import { ContentCard } from './ContentCard';
import { claimRewardTarget, formatPoints, isSoldOut, pointsNeeded } from './reward-items';

/**
 * A reward as a card leading to ClaimReward: hero, name, the points it needs (its cheapest option's),
 * how it is delivered, and Sold out when no option has any left.
 */
export function RewardItemCard({
  item,
  offer,
  locale,
}: {
  item: RewardItem;
  offer: Pick<Offer, 'points_ratio'> | null;
  locale: string;
}) {
  const points = pointsNeeded(item, offer);
  const soldOut = isSoldOut(item);
  return (
    <ContentCard
      title={item.name}
      image={heroUrl(item.media)}
      link={{ kind: 'route', to: claimRewardTarget(item) }}
    >
      {points !== null && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatPoints(points, locale)}
        </Typography>
      )}
      {(item.shipped || item.picked_up || soldOut) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
          {soldOut && <Chip size="small" color="error" label="Sold out" />}
          {item.shipped && <Chip size="small" variant="outlined" label="Shipped" />}
          {item.picked_up && <Chip size="small" variant="outlined" label="Pickup" />}
        </Box>
      )}
    </ContentCard>
  );
}
