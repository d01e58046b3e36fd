import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import type { Offer, RewardItem } from '@trailpass/contract';
import { memo } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useFirstScreenFirst } from '../../../lib/use-first-screen-first';
import { CardList } from '../../modules/components/CardList';
import { RewardItemCard } from '../../modules/components/RewardItemCard';

export const EMPTY_REWARDS_MESSAGE =
  'There are no additional rewards available at this time. Please check back later to see if this page has been updated.';

/** Two rows of the grid: enough to fill a phone screen's first view. */
const SKELETON_CARDS = ['first', 'second', 'third', 'fourth'];

/** Three rows of the grid: about what a phone shows before scrolling, rendered first (useFirstScreenFirst). */
const FIRST_SCREEN_CARDS = 6;

/** Card-shaped placeholders in the same grid, so nothing jumps when the rewards arrive. */
function RewardsSkeleton() {
  return (
    <Box role="status">
      <Box component="span" sx={visuallyHidden}>
        Loading rewards…
      </Box>
      <Box
        aria-hidden="true"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}
      >
        {SKELETON_CARDS.map((key) => (
          <Box key={key}>
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9' }} />
            <Skeleton variant="text" width="80%" height={28} />
            <Skeleton variant="text" width="50%" />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Spec 2.5 reward item cards, with their loading, error and empty states. */
export function RewardItemList({
  items,
  loading,
  failed,
  onRetry,
  offer,
  currentPoints,
  locale,
}: {
  items: readonly RewardItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  offer: Pick<Offer, 'points_ratio'>;
  currentPoints: number;
  locale: string;
}) {
  if (loading) return <RewardsSkeleton />;
  if (failed || !items) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={onRetry} sx={{ minHeight: 48 }}>
            Try again
          </Button>
        }
      >
        Your rewards could not be loaded. Check your connection and try again.
      </Alert>
    );
  }
  if (items.length === 0) return <Alert severity="info">{EMPTY_REWARDS_MESSAGE}</Alert>;
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
  const shown = useFirstScreenFirst(items, FIRST_SCREEN_CARDS);
  return (
    <CardList
      items={shown}
      itemKey={(item) => item.id}
      layout="grid"
      label="Rewards"
      // Right below the page's h1 (My Rewards): the names are its h2s.
      renderItem={(item, index) => (
        <RewardItemCard
          item={item}
          offer={offer}
          locale={locale}
          currentPoints={currentPoints}
          headingLevel={2}
          imageLoading={index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'}
        />
      )}
    />
  );
});
