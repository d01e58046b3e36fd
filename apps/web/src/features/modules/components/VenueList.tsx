import type { AssignmentVenue } from '@trailpass/contract';
import { distanceMiles, formatDistance, userLocale } from '../../../lib/distance';
import { useModuleContext } from '../context';
import { venueTarget } from '../links';
import { CardList } from './CardList';
import { VenueCard } from './VenueCard';

/** rows: one venue a line; grid: two columns of cards; carousel: cards scrolled sideways. */
export type VenueListLayout = 'rows' | 'grid' | 'carousel';

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
    <CardList
      items={venues}
      itemKey={(venue) => venue.id}
      layout={layout === 'rows' ? 'stack' : layout}
      labelledBy={labelledBy}
      label={label}
      renderItem={(venue) => {
        const miles = distanceMiles(ctx.location, venue);
        return (
          <VenueCard
            venue={venue}
            to={venueTarget(ctx, venue.id)}
            distance={miles === null ? null : formatDistance(miles, locale)}
            variant={layout === 'rows' ? 'row' : 'card'}
          />
        );
      }}
    />
  );
}
