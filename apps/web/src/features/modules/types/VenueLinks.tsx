import type { ReactNode } from 'react';
import DirectionsIcon from '~icons/ic/baseline-directions';
import LanguageIcon from '~icons/ic/baseline-language';
import PhoneIcon from '~icons/ic/baseline-phone';
import { ButtonAnchor } from '../../../components/ui';
import { translate, useTranslation } from '../../../i18n';
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

/** The venue's links that it has the data for, in a fixed order, labelled in the holder's language. */
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
    links.push({
      key: 'website',
      label: translate('modules:website'),
      href: website,
      icon: <LanguageIcon />,
      external: true,
    });
  }
  const phone = venue.phone?.trim();
  const tel = phone ? telHref(phone) : null;
  if (phone && tel) {
    links.push({
      key: 'phone',
      label: translate('modules:call'),
      name: translate('modules:callPhone', { phone }),
      href: tel,
      icon: <PhoneIcon />,
      external: false,
    });
  }
  const directions = directionsUrl(venue);
  if (directions) {
    links.push({
      key: 'directions',
      label: translate('modules:directions'),
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
  const { t } = useTranslation('modules');
  const { venue } = usePageEntities();
  if (!venue) return null;
  const links = venueLinks(venue);
  if (links.length === 0) return null;

  return (
    <ul aria-label={moduleLabel(module) ?? t('links')} className="tp-list tp-row tp-wrap tp-gap-1">
      {links.map((link) => (
        <li key={link.key}>
          <ButtonAnchor
            variant="outlined"
            startIcon={link.icon}
            href={link.href}
            aria-label={link.name}
            {...(link.external ? EXTERNAL_LINK_PROPS : {})}
          >
            {link.label}
          </ButtonAnchor>
        </li>
      ))}
    </ul>
  );
}
