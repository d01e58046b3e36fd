import DirectionsIcon from '@mui/icons-material/Directions';
import LanguageIcon from '@mui/icons-material/Language';
import PhoneIcon from '@mui/icons-material/Phone';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { directionsUrl } from '../../../lib/distance';
import { withHttps } from '../../../lib/url';
import { EXTERNAL_LINK_PROPS, telHref } from '../components/ModuleLinks';
import { usePageEntities } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

interface VenueLink {
  key: string;
  label: string;
  /** The accessible name when it says more than the label. */
  name?: string;
  href: string;
  icon: ReactNode;
  external: boolean;
}

/** The venue's links that it has the data for, in a fixed order. */
export function venueLinks(venue: {
  website: string | null;
  phone: string | null;
  address: string | null;
  google_place_id: string | null;
  latitude: number | null;
  longitude: number | null;
}): VenueLink[] {
  const links: VenueLink[] = [];
  const website = withHttps(venue.website);
  // withHttps keeps only http(s) or adds https://, so a stored javascript: value cannot become a link.
  if (website && /^https?:\/\/[^\s/]/i.test(website)) {
    links.push({ key: 'website', label: 'Website', href: website, icon: <LanguageIcon />, external: true });
  }
  const phone = venue.phone?.trim();
  const tel = phone ? telHref(phone) : null;
  if (phone && tel) {
    links.push({
      key: 'phone',
      label: 'Call',
      name: `Call ${phone}`,
      href: tel,
      icon: <PhoneIcon />,
      external: false,
    });
  }
  const directions = directionsUrl(venue);
  if (directions) {
    links.push({
      key: 'directions',
      label: 'Directions',
      href: directions,
      icon: <DirectionsIcon />,
      external: true,
    });
  }
  return links;
}

/**
 * VenueLinks (spec 2.4): the venue's website (https:// added when the scheme is missing), phone and
 * directions (only with an address plus place id, or coordinates). Nothing when the venue has none.
 */
export default function VenueLinks({ module }: ModuleProps) {
  const { venue } = usePageEntities();
  if (!venue) return null;
  const links = venueLinks(venue);
  if (links.length === 0) return null;

  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={moduleLabel(module) ?? 'Links'}
      sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: 1 }}
    >
      {links.map((link) => (
        <li key={link.key}>
          <Button
            variant="outlined"
            startIcon={link.icon}
            href={link.href}
            aria-label={link.name}
            {...(link.external ? EXTERNAL_LINK_PROPS : {})}
          >
            {link.label}
          </Button>
        </li>
      ))}
    </Stack>
  );
}
