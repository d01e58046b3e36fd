import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoVenue, makeAssignment, renderWithModuleContext } from '../test-fixtures';
import { MAP_STYLE_STORAGE_KEY, MAP_STYLES } from './map-styles';
import { MAP_HEIGHT, MAP_WIDTH, projectPoints, VenueMap } from './VenueMap';

const venues = [301, 302, 303, 304].map((id) => demoVenue(id));

function renderMap(options: Parameters<typeof renderWithModuleContext>[1] = {}) {
  return renderWithModuleContext(<VenueMap venues={venues} label="All Stops" />, {
    assignment: makeAssignment([], { venues }),
    ...options,
  });
}

function part(name: string) {
  const element = document.querySelector(`[data-map-part="${name}"]`);
  if (!element) throw new Error(`No ${name} on the map`);
  return element;
}

describe('VenueMap', () => {
  it('offers exactly the six spec map styles', () => {
    renderMap();
    const select = screen.getByRole('combobox', { name: 'Map style' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['standard', 'silver', 'retro', 'dark', 'night', 'aubergine']);
    expect(select).toHaveValue('standard');
  });

  it('repaints the map in the chosen style and remembers the choice', () => {
    const { unmount } = renderMap();
    expect(part('land')).toHaveAttribute('fill', MAP_STYLES.standard.land);
    expect(part('water')).toHaveAttribute('fill', MAP_STYLES.standard.water);

    fireEvent.change(screen.getByRole('combobox', { name: 'Map style' }), { target: { value: 'night' } });
    expect(part('land')).toHaveAttribute('fill', MAP_STYLES.night.land);
    expect(part('water')).toHaveAttribute('fill', MAP_STYLES.night.water);
    expect(part('pin')).toHaveAttribute('fill', MAP_STYLES.night.pin);
    expect(window.localStorage.getItem(MAP_STYLE_STORAGE_KEY)).toBe('night');

    unmount();
    renderMap();
    expect(screen.getByRole('combobox', { name: 'Map style' })).toHaveValue('night');
    expect(part('land')).toHaveAttribute('fill', MAP_STYLES.night.land);
  });

  it('ignores a stored style it does not know', () => {
    window.localStorage.setItem(MAP_STYLE_STORAGE_KEY, 'neon');
    renderMap();
    expect(screen.getByRole('combobox', { name: 'Map style' })).toHaveValue('standard');
  });

  it('pins each venue with coordinates as a link, and navigates within the app', () => {
    const { router } = renderMap();
    const map = screen.getByRole('group', { name: 'Map of All Stops' });
    expect(within(map).getAllByRole('link')).toHaveLength(3);
    expect(within(map).queryByRole('link', { name: 'Port Alder Maritime Museum' })).not.toBeInTheDocument();
    fireEvent.click(within(map).getByRole('link', { name: 'Lighthouse Point Beach' }));
    expect(router.state.location.pathname).toBe('/experiences/venue/303');
    expect(router.state.location.search).toBe('?t=tok');
  });

  it('draws the user as a dot when the location is known and near', () => {
    const { unmount } = renderMap();
    expect(screen.queryByRole('img', { name: 'Your location' })).not.toBeInTheDocument();
    unmount();
    renderMap({ location: { latitude: 44.1, longitude: -87.65 } });
    expect(screen.getByRole('img', { name: 'Your location' })).toBeInTheDocument();
  });

  it('says so when the user is far outside the map', () => {
    renderMap({ location: { latitude: 40.7, longitude: -74 } });
    expect(screen.queryByRole('img', { name: 'Your location' })).not.toBeInTheDocument();
    expect(screen.getByText('Your location is outside this map.')).toBeInTheDocument();
  });
});

describe('projectPoints', () => {
  it('keeps every place inside the box with a margin, north up and west left', () => {
    const points = projectPoints([
      { latitude: 44.0921, longitude: -87.6563 },
      { latitude: 44.1448, longitude: -87.5702 },
      { latitude: 44.058, longitude: -87.7215 },
    ]);
    for (const point of points) {
      expect(point.x).toBeGreaterThanOrEqual(24 - 1e-9);
      expect(point.x).toBeLessThanOrEqual(MAP_WIDTH - 24 + 1e-9);
      expect(point.y).toBeGreaterThanOrEqual(24 - 1e-9);
      expect(point.y).toBeLessThanOrEqual(MAP_HEIGHT - 24 + 1e-9);
    }
    const [anchor, driftwood, millbrook] = points;
    // Driftwood is north-east of Anchor & Oar, Millbrook south-west.
    expect(driftwood?.x).toBeGreaterThan(anchor?.x ?? 0);
    expect(driftwood?.y).toBeLessThan(anchor?.y ?? 0);
    expect(millbrook?.x).toBeLessThan(anchor?.x ?? 0);
    expect(millbrook?.y).toBeGreaterThan(anchor?.y ?? 0);
  });

  it('centres a single place', () => {
    expect(projectPoints([{ latitude: 44, longitude: -87 }])).toEqual([
      { x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 },
    ]);
  });
});
