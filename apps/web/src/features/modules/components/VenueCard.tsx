import type { AssignmentVenue } from '@trailpass/contract';
import { useId } from 'react';
import CheckCircleIcon from '~icons/ic/baseline-check-circle';
import DirectionsIcon from '~icons/ic/baseline-directions';
import { Image } from '../../../components/Image';
import { ButtonAnchor, Chip, cx } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { directionsUrl } from '../../../lib/distance';
import { AppLink } from '../../../lib/navigation';
import type { RouteTarget } from '../../../lib/routes';
import { venueImageUrl } from './venues';

export type VenueCardVariant = 'row' | 'card';

/**
 * One venue of a list: the whole card is one link to the venue, named by the venue's name (address,
 * distance and the Visited mark describe it). Directions is a separate link below, only when the venue
 * can be found on a map (spec 2.4: address plus place id, or coordinates).
 */
export function VenueCard({
  venue,
  to,
  distance,
  variant,
  loading = 'lazy',
}: {
  venue: AssignmentVenue;
  to: RouteTarget;
  /** Formatted distance from the user, or null when either place is unknown. */
  distance: string | null;
  variant: VenueCardVariant;
  loading?: 'lazy' | 'eager';
}) {
  const { t } = useTranslation('modules');
  const nameId = useId();
  const detailsId = useId();
  const directions = directionsUrl(venue);
  const row = variant === 'row';

  return (
    <div className="tp-outlined tp-mod-card">
      <AppLink
        to={to}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        className={cx('tp-card-area', row && 'tp-mod-venue-row')}
      >
        <Image
          src={venueImageUrl(venue)}
          // The name is right beside it; the picture adds nothing a screen reader needs.
          alt=""
          loading={loading}
          className="tp-img tp-img-cover"
          style={{ aspectRatio: row ? '4 / 3' : '16 / 9', width: row ? 96 : '100%', flexShrink: 0 }}
        />
        <div className="tp-card-body tp-grow">
          <h3 id={nameId} className="tp-subtitle1 tp-bold tp-mod-title">
            {venue.name}
          </h3>
          <div id={detailsId}>
            {venue.address && <p className="tp-body2 tp-secondary">{venue.address}</p>}
            {(distance || venue.hasSomeRedemption) && (
              <div className="tp-mod-venue-meta">
                {distance && (
                  <p className="tp-body2 tp-medium" data-testid="venue-distance">
                    {distance}
                  </p>
                )}
                {venue.hasSomeRedemption && (
                  <Chip
                    size="small"
                    color="success"
                    variant="outlined"
                    icon={<CheckCircleIcon />}
                    label={t('visited')}
                  />
                )}
              </div>
            )}
          </div>
        </div>
      </AppLink>
      {directions && (
        <div className="tp-mod-venue-actions">
          <ButtonAnchor
            size="small"
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<DirectionsIcon />}
            aria-label={t('directionsTo', { name: venue.name })}
          >
            {t('directions')}
          </ButtonAnchor>
        </div>
      )}
    </div>
  );
}
