import type { Category } from '@trailpass/contract';
import DirectionsIcon from '~icons/ic/baseline-directions';
import PhoneIcon from '~icons/ic/baseline-phone';
import PlaceIcon from '~icons/ic/baseline-place';
import { Image } from '../../../components/Image';
import { SpacedText } from '../../../components/SpacedText';
import { ButtonAnchor, Chip, cx } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
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
  const { t } = useTranslation('modules');
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
    <div className="tp-info">
      <div data-venue-header="" className={cx('tp-venue-header', onPicture && 'tp-venue-header-picture')}>
        {onPicture && (
          <>
            {/* Decorative: the card's text says what the place is. Absolutely placed, so it moves nothing. */}
            <Image src={background} alt="" className="tp-venue-header-image" />
            <div aria-hidden="true" className="tp-venue-header-shade" />
          </>
        )}
        <div className="tp-venue-header-text">
          <h2 className="tp-h5 tp-bold">{venue.name}</h2>
          {(venue.address || distance) && (
            <div className="tp-venue-address">
              <PlaceIcon className="tp-venue-address-icon" />
              <p className="tp-body2">
                {venue.address}
                {venue.address && distance ? ' · ' : ''}
                {distance && <span data-distance="">{t('distanceAway', { distance })}</span>}
              </p>
            </div>
          )}
        </div>
      </div>

      {(directions || phoneHref) && (
        <div className="tp-row tp-wrap tp-gap-1 tp-venue-actions">
          {directions && (
            <ButtonAnchor
              variant="outlined"
              size="small"
              startIcon={<DirectionsIcon />}
              href={directions}
              {...EXTERNAL_LINK_PROPS}
            >
              {t('directions')}
            </ButtonAnchor>
          )}
          {phone && phoneHref && (
            <ButtonAnchor
              variant="outlined"
              size="small"
              startIcon={<PhoneIcon />}
              href={phoneHref}
              aria-label={t('callPhone', { phone })}
            >
              {phone}
            </ButtonAnchor>
          )}
        </div>
      )}

      {categories.length > 0 && (
        <ul aria-label={t('categories')} className="tp-list tp-row tp-wrap tp-gap-1 tp-venue-categories">
          {categories.map((category) => (
            <li key={category.id}>
              <Chip label={category.name} size="small" />
            </li>
          ))}
        </ul>
      )}

      <SpacedText
        text={venue.short_description}
        variant="subtitle1"
        component="p"
        className="tp-secondary"
        style={{ marginTop: 12 }}
      />
      <SpacedText text={venue.description} style={{ marginTop: 8 }} />
    </div>
  );
}
