import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DirectionsIcon from '@mui/icons-material/Directions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AssignmentVenue } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
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
  const nameId = useId();
  const detailsId = useId();
  const directions = directionsUrl(venue);
  const row = variant === 'row';

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={AppLink}
        to={to}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        sx={{
          flexGrow: 1,
          display: 'flex',
          flexDirection: row ? 'row' : 'column',
          alignItems: row ? 'center' : 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Image
          src={venueImageUrl(venue)}
          // The name is right beside it; the picture adds nothing a screen reader needs.
          alt=""
          loading={loading}
          className="tp-img-cover"
          style={{ aspectRatio: row ? '4 / 3' : '16 / 9', width: row ? 96 : '100%', flexShrink: 0 }}
        />
        <Box sx={{ p: 1.5, minWidth: 0, flexGrow: 1 }}>
          <Typography
            id={nameId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
          >
            {venue.name}
          </Typography>
          <Box id={detailsId}>
            {venue.address && (
              <Typography variant="body2" color="text.secondary">
                {venue.address}
              </Typography>
            )}
            {(distance || venue.hasSomeRedemption) && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
                {distance && (
                  <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="venue-distance">
                    {distance}
                  </Typography>
                )}
                {venue.hasSomeRedemption && (
                  <Chip
                    size="small"
                    color="success"
                    variant="outlined"
                    icon={<CheckCircleIcon aria-hidden="true" />}
                    label="Visited"
                  />
                )}
              </Box>
            )}
          </Box>
        </Box>
      </CardActionArea>
      {directions && (
        <Box sx={{ px: 1, pb: 1 }}>
          <Button
            size="small"
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<DirectionsIcon aria-hidden="true" />}
            aria-label={`Directions to ${venue.name}`}
          >
            Directions
          </Button>
        </Box>
      )}
    </Card>
  );
}
