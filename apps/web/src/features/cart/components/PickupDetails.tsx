import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SpacedText } from '../../../components/SpacedText';
import { useTranslation } from '../../../i18n';
import { useKnownVenue } from '../api/venue';

/**
 * Pickup instructions plus the venue's name and address when the app knows the venue (spec 2.6 and 2.8);
 * the instructions alone otherwise. `venue` (the chosen pickup point's venue) takes the place of the
 * item's.
 */
export function PickupDetails({
  instructions,
  venueId,
  venue: chosenVenue,
  heading,
  headingComponent = 'h2',
}: {
  instructions: string | null;
  venueId: number | null;
  venue?: { name: string; address: string | null } | undefined;
  heading?: string;
  headingComponent?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('cart');
  const knownVenue = useKnownVenue(chosenVenue ? null : venueId);
  const venue = chosenVenue ?? knownVenue;
  return (
    <Box>
      <Typography component={headingComponent} variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {heading ?? t('pickupInstructions')}
      </Typography>
      {instructions ? (
        <SpacedText text={instructions} variant="body2" />
      ) : (
        !venue && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('venueWillTell')}
          </Typography>
        )
      )}
      {venue && (
        <Box component="address" sx={{ fontStyle: 'normal', mt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {venue.name}
          </Typography>
          {venue.address && <Typography variant="body2">{venue.address}</Typography>}
        </Box>
      )}
    </Box>
  );
}
