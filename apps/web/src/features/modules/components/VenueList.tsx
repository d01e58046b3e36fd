import Box from '@mui/material/Box';
import type { AssignmentVenue } from '@trailpass/contract';
import { distanceMiles, formatDistance, userLocale } from '../../../lib/distance';
import { useModuleContext } from '../context';
import { venueTarget } from '../links';
import { VenueCard } from './VenueCard';

/** rows: one venue a line; grid: two columns of cards; carousel: cards scrolled sideways. */
export type VenueListLayout = 'rows' | 'grid' | 'carousel';

const listStyles = {
  rows: { display: 'flex', flexDirection: 'column', gap: 1 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 },
  carousel: {
    display: 'flex',
    gap: 1.5,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    overscrollBehaviorX: 'contain',
    // Room for the focus ring and the scrollbar, so neither is clipped.
    p: 0.5,
    mx: -0.5,
  },
} as const;

const itemStyles = {
  rows: {},
  grid: {},
  // A little of the next card shows, so it is clear the row scrolls.
  carousel: { flex: '0 0 78%', maxWidth: 300, scrollSnapAlign: 'start' },
} as const;

/**
 * Venues as a semantic list, in the given order. Distances are worked out here at render from the
 * context's location, so they follow the user as the location updates (spec 4 Location).
 */
export function VenueList({
  venues,
  layout,
  labelledBy,
  label,
}: {
  venues: readonly AssignmentVenue[];
  layout: VenueListLayout;
  /** The id of the heading that names the list, or else a label. */
  labelledBy?: string | undefined;
  label: string;
}) {
  const ctx = useModuleContext();
  const locale = userLocale();
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      sx={{ listStyle: 'none', m: 0, p: 0, ...listStyles[layout] }}
    >
      {venues.map((venue) => {
        const miles = distanceMiles(ctx.location, venue);
        return (
          <Box component="li" key={venue.id} sx={itemStyles[layout]}>
            <VenueCard
              venue={venue}
              to={venueTarget(ctx, venue.id)}
              distance={miles === null ? null : formatDistance(miles, locale)}
              variant={layout === 'rows' ? 'row' : 'card'}
            />
          </Box>
        );
      })}
    </Box>
  );
}
