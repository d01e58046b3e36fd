import type { AssignmentVenue } from '@trailpass/contract';
import { lazy, Suspense, useState } from 'react';
import MapOutlinedIcon from '~icons/ic/outline-map';
import { Skeleton } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { TitledSection } from './TitledSection';
import { VenueList, type VenueListLayout } from './VenueList';
import { hasCoordinates } from './venues';

// The map is drawn only when asked for, so its code stays out of the list's chunk until then.
const VenueMap = lazy(() => import('./VenueMap').then((chunk) => ({ default: chunk.VenueMap })));

/**
 * A venue list module: heading, the venues in the module's layout and, when asked for and some venue
 * can be placed, a Map switch that shows them on a map instead. Nothing at all without venues.
 */
export function VenueListSection({
  title,
  fallbackLabel,
  venues,
  layout,
  withMap = false,
}: {
  title: string | null;
  /** Names the list when the module has no heading. */
  fallbackLabel: string;
  venues: readonly AssignmentVenue[];
  layout: VenueListLayout;
  withMap?: boolean;
}) {
  const { t } = useTranslation('modules');
  const [showMap, setShowMap] = useState(false);
  if (venues.length === 0) return null;
  const canMap = withMap && venues.some(hasCoordinates);
  const mapShown = canMap && showMap;

  return (
    <TitledSection
      title={title}
      actions={
        canMap && (
          // A toggle button (MUI's ToggleButton look): pressed while the map is shown.
          <button
            type="button"
            aria-pressed={mapShown}
            className="tp-mod-toggle"
            onClick={() => setShowMap((shown) => !shown)}
          >
            <MapOutlinedIcon />
            {t('map')}
          </button>
        )
      }
    >
      {(headingId) =>
        mapShown ? (
          <Suspense fallback={<Skeleton style={{ aspectRatio: '320 / 240' }} />}>
            <VenueMap venues={venues} label={title ?? fallbackLabel} />
          </Suspense>
        ) : (
          <VenueList venues={venues} layout={layout} labelledBy={headingId} label={fallbackLabel} />
        )
      }
    </TitledSection>
  );
}
