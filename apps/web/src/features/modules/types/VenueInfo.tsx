import DirectionsIcon from '@mui/icons-material/Directions';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Category } from '@trailpass/contract';
import { Image } from '../../../components/Image';
import { SpacedText } from '../../../components/SpacedText';
import { directionsUrl, distanceMiles, formatDistance, userLocale } from '../../../lib/distance';
import { mediaUrl } from '../../../lib/media';
import { EXTERNAL_LINK_PROPS, telHref } from '../components/ModuleLinks';
import { useModuleContext, usePageEntities } from '../context';
import type { ModuleProps } from '../types';

/**
 * VenueInfo (spec 2.4): the page's venue. A header card with the venue's Header picture behind it (the
 * venue gallery background), its name, address and distance; then directions and phone, its categories,
 * and its descriptions. There is a directions link only when the venue has an address and a place id, or
 * coordinates (venue 304 of the demo has neither, so none); a distance only when both the visitor's place
 * and the venue's are known.
 */
export default function VenueInfo(_props: ModuleProps) {
  const { index, location } = useModuleContext();
  const { venue } = usePageEntities();
  if (!venue) return null;

  const background = mediaUrl('Header', venue.media);
  const miles = distanceMiles(location, venue) ?? venue.miles;
  const distance = miles === null ? '' : formatDistance(miles, userLocale());
  const directions = directionsUrl(venue);
  const phone = venue.phone?.trim() || null;
  const phoneHref = phone ? telHref(phone) : null;
  const categories = venue.categories
    .map((id) => index.categories.get(id))
    .filter((category): category is Category => category !== undefined);
  const onPicture = background !== null;

  return (
    <Box sx={{ pt: 2 }}>
      <Box
        data-venue-header=""
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 2,
          minHeight: onPicture ? 176 : 0,
          display: 'flex',
          alignItems: 'flex-end',
          bgcolor: onPicture ? 'grey.900' : 'transparent',
          color: onPicture ? 'common.white' : 'text.primary',
        }}
      >
        {onPicture && (
          <>
            {/* Decorative: the card's text says what the place is. Absolutely placed, so it moves nothing. */}
            <Image
              src={background}
              alt=""
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
            <Box
              aria-hidden="true"
              sx={{
                position: 'absolute',
                inset: 0,
                background:
                  'linear-gradient(to top, rgba(0,0,0,0.78) 0%, rgba(0,0,0,0.45) 55%, rgba(0,0,0,0.2) 100%)',
              }}
            />
          </>
        )}
        <Box sx={{ position: 'relative', p: onPicture ? 2 : 0, width: '100%' }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
            {venue.name}
          </Typography>
          {(venue.address || distance) && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', mt: 0.5 }}>
              <PlaceIcon fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
              <Typography variant="body2" component="p">
                {venue.address}
                {venue.address && distance ? ' · ' : ''}
                {distance && <span data-distance="">{distance} away</span>}
              </Typography>
            </Stack>
          )}
        </Box>
      </Box>

      {(directions || phoneHref) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          {directions && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<DirectionsIcon />}
              href={directions}
              {...EXTERNAL_LINK_PROPS}
            >
              Directions
            </Button>
          )}
          {phone && phoneHref && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<PhoneIcon />}
              href={phoneHref}
              aria-label={`Call ${phone}`}
            >
              {phone}
            </Button>
          )}
        </Stack>
      )}

      {categories.length > 0 && (
        <Stack
          component="ul"
          direction="row"
          aria-label="Categories"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, flexWrap: 'wrap', gap: 1 }}
        >
          {categories.map((category) => (
            <li key={category.id}>
              <Chip label={category.name} size="small" />
            </li>
          ))}
        </Stack>
      )}

      <SpacedText
        text={venue.short_description}
        variant="subtitle1"
        component="p"
        className="tp-secondary" style={{ marginTop: 12 }}
      />
      <SpacedText text={venue.description} style={{ marginTop: 8 }} />
    </Box>
  );
}
