import { type AssignmentVenue, type LatLng, milesBetween } from '@trailpass/contract';
import { type CSSProperties, useId, useState } from 'react';
import ArrowDropDownIcon from '~icons/ic/baseline-arrow-drop-down';
import { useTranslation } from '../../../i18n';
import { AppLink } from '../../../lib/navigation';
import { useModuleContext } from '../context';
import { venueTarget } from '../links';
import { MAP_STYLE_NAMES, MAP_STYLES, type MapStyleName, readMapStyle, saveMapStyle } from './map-styles';
import { type Coordinates, hasCoordinates } from './venues';

/**
 * The venues on a map we draw ourselves: no tile service is reachable from the pass, and a map library
 * would weigh more than the rest of the module. Latitude and longitude are projected into the box
 * (equirectangular, longitudes shrunk by the cosine of the middle latitude so distances look right at
 * this scale); pins are numbered links to the venues, with a legend below naming them.
 */

export const MAP_WIDTH = 320;
export const MAP_HEIGHT = 200;
const MARGIN = 24;
const PIN_RADIUS = 11;
/** A span smaller than this (about 0.7 miles) is widened, so venues next door look next door. */
const MIN_SPAN_DEGREES = 0.01;
/** The user is drawn only when this close to a venue; farther away the map would shrink to dots. */
const USER_RADIUS_MILES = 25;

export interface MapPoint {
  x: number;
  y: number;
}

/**
 * Box coordinates for each place, in order, fitted into width × height with the margin and centred.
 * Exported for tests.
 */
export function projectPoints(
  places: readonly Coordinates[],
  width = MAP_WIDTH,
  height = MAP_HEIGHT,
  margin = MARGIN,
): MapPoint[] {
  if (places.length === 0) return [];
  const lats = places.map((place) => place.latitude);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const shrink = Math.cos((midLat * Math.PI) / 180);
  const raw = places.map((place) => ({ x: place.longitude * shrink, y: -place.latitude }));
  const xs = raw.map((point) => point.x);
  const ys = raw.map((point) => point.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, MIN_SPAN_DEGREES);
  const spanY = Math.max(maxY - minY, MIN_SPAN_DEGREES);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return raw.map((point) => ({
    x: width / 2 + (point.x - centreX) * scale,
    y: height / 2 + (point.y - centreY) * scale,
  }));
}

/** Pins that would cover one another are nudged around a small spiral, so each stays clickable. */
function declutter(points: readonly MapPoint[], radius: number): MapPoint[] {
  const placed: MapPoint[] = [];
  for (const point of points) {
    let candidate = point;
    for (let step = 1; step <= 12 && placed.some((other) => overlaps(other, candidate, radius)); step++) {
      const angle = step * (Math.PI / 3);
      const distance = radius * 2 * Math.ceil(step / 6);
      candidate = { x: point.x + Math.cos(angle) * distance, y: point.y + Math.sin(angle) * distance };
    }
    placed.push(candidate);
  }
  return placed;
}

function overlaps(a: MapPoint, b: MapPoint, radius: number): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y) < radius * 2;
}

/** Graticule lines at even box positions: they hint at a map without claiming geography we do not have. */
const GRID_LINES = [1, 2, 3].flatMap((step) => [
  { key: `v${step}`, x1: (MAP_WIDTH * step) / 4, y1: 0, x2: (MAP_WIDTH * step) / 4, y2: MAP_HEIGHT },
  { key: `h${step}`, x1: 0, y1: (MAP_HEIGHT * step) / 4, x2: MAP_WIDTH, y2: (MAP_HEIGHT * step) / 4 },
]);

export function VenueMap({ venues, label }: { venues: readonly AssignmentVenue[]; label: string }) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const [styleName, setStyleName] = useState<MapStyleName>(readMapStyle);
  const palette = MAP_STYLES[styleName];
  const selectId = useId();

  const mapped = venues.filter(hasCoordinates);
  const unmapped = venues.filter((venue) => !hasCoordinates(venue));
  const user = nearbyUser(ctx.location, mapped);
  const projected = projectPoints(user ? [...mapped, user] : mapped);
  const pins = declutter(projected.slice(0, mapped.length), PIN_RADIUS);
  const userPoint = user ? projected[mapped.length] : undefined;

  // The styles' names in the holder's language, in the selector.
  const styleLabels: Record<MapStyleName, string> = {
    standard: t('mapStyleStandard'),
    silver: t('mapStyleSilver'),
    retro: t('mapStyleRetro'),
    dark: t('mapStyleDark'),
    night: t('mapStyleNight'),
    aubergine: t('mapStyleAubergine'),
  };

  const chooseStyle = (value: string) => {
    const next = MAP_STYLE_NAMES.find((name) => name === value);
    if (!next) return;
    setStyleName(next);
    saveMapStyle(next);
  };

  return (
    <div data-map-style={styleName}>
      {/* A native select with its label in the border (MUI's small outlined field), so phones use their picker. */}
      <div className="tp-mod-select-field">
        <label htmlFor={selectId} className="tp-mod-select-label">
          {t('mapStyle')}
        </label>
        <select
          id={selectId}
          className="tp-mod-select"
          value={styleName}
          onChange={(event) => chooseStyle(event.target.value)}
        >
          {MAP_STYLE_NAMES.map((name) => (
            <option key={name} value={name}>
              {styleLabels[name]}
            </option>
          ))}
        </select>
        <ArrowDropDownIcon />
      </div>
      {mapped.length === 0 ? (
        <p className="tp-body2 tp-secondary">{t('mapNoLocations')}</p>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: the map is an SVG, which cannot be a fieldset; a group holds its pins
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          role="group"
          aria-label={t('mapOf', { label })}
          className="tp-mod-map"
          // The focus ring of a pin is drawn in the style's text colour (modules.css reads it from here).
          style={{ '--tp-mod-map-focus': palette.text } as CSSProperties}
        >
          <rect data-map-part="water" width={MAP_WIDTH} height={MAP_HEIGHT} fill={palette.water} />
          <rect
            data-map-part="land"
            x={MARGIN / 2}
            y={MARGIN / 2}
            width={MAP_WIDTH - MARGIN}
            height={MAP_HEIGHT - MARGIN}
            rx={6}
            fill={palette.land}
          />
          {GRID_LINES.map(({ key, ...line }) => (
            <line key={key} {...line} stroke={palette.grid} strokeWidth={1} />
          ))}
          {userPoint && (
            <>
              <circle cx={userPoint.x} cy={userPoint.y} r={10} fill={palette.user} opacity={0.25} />
              {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an SVG circle is not interactive; the rule's element table does not know SVG */}
              <circle
                data-map-part="user"
                role="img"
                aria-label={t('yourLocation')}
                cx={userPoint.x}
                cy={userPoint.y}
                r={5}
                fill={palette.user}
                stroke="#FFFFFF"
                strokeWidth={2}
              />
            </>
          )}
          {mapped.map((venue, index) => {
            const pin = pins[index];
            if (!pin) return null;
            return (
              <AppLink key={venue.id} to={venueTarget(ctx, venue.id)} aria-label={venue.name}>
                <circle
                  data-map-part="pin"
                  cx={pin.x}
                  cy={pin.y}
                  r={PIN_RADIUS}
                  fill={palette.pin}
                  stroke={palette.land}
                  strokeWidth={1.5}
                />
                <text
                  x={pin.x}
                  y={pin.y}
                  dy="0.35em"
                  textAnchor="middle"
                  fontSize={11}
                  fontWeight={700}
                  fill={palette.pinText}
                >
                  {index + 1}
                </text>
              </AppLink>
            );
          })}
        </svg>
      )}
      {mapped.length > 0 && (
        <ol aria-label={t('mapKey')} className="tp-body2 tp-secondary tp-mod-map-key">
          {mapped.map((venue) => (
            <li key={venue.id}>{venue.name}</li>
          ))}
        </ol>
      )}
      {mapped.length > 0 && ctx.location && !user && (
        <p className="tp-body2 tp-secondary tp-mod-map-note">{t('userOutsideMap')}</p>
      )}
      {mapped.length > 0 && unmapped.length > 0 && (
        <p className="tp-body2 tp-secondary tp-mod-map-note">
          {t('notOnMap', { names: unmapped.map((venue) => venue.name).join(', ') })}
        </p>
      )}
    </div>
  );
}

/** The user's location when it is near enough to the venues to share their map. */
function nearbyUser(location: LatLng | null, venues: readonly Coordinates[]): Coordinates | null {
  if (!location || venues.length === 0) return null;
  const near = venues.some((venue) => milesBetween(location, venue) <= USER_RADIUS_MILES);
  return near ? { latitude: location.latitude, longitude: location.longitude } : null;
}
