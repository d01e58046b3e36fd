/**
 * Spec 2.4: the map styles offered are standard, silver, retro, dark, night and aubergine. The map is our
 * own SVG (no tile service is reachable), so a style is a small palette rather than a tile theme; the
 * colours follow the well-known map themes of the same names. The selector names them in the holder's
 * language (VenueMap, the modules catalogue).
 */

export const MAP_STYLE_NAMES = ['standard', 'silver', 'retro', 'dark', 'night', 'aubergine'] as const;
export type MapStyleName = (typeof MAP_STYLE_NAMES)[number];

export interface MapPalette {
  /** The frame around the mapped area. */
  water: string;
  /** The mapped area itself. */
  land: string;
  /** Graticule lines over the land. */
  grid: string;
  /** Venue pins and the number on them. */
  pin: string;
  pinText: string;
  /** Captions drawn on the map. */
  text: string;
  /** The user's location dot. */
  user: string;
}

export const MAP_STYLES: Readonly<Record<MapStyleName, MapPalette>> = {
  standard: {
    water: '#AADAFF',
    land: '#F1F3F4',
    grid: '#DADCE0',
    pin: '#C5221F',
    pinText: '#FFFFFF',
    text: '#3C4043',
    user: '#1A73E8',
  },
  silver: {
    water: '#C9C9C9',
    land: '#F5F5F5',
    grid: '#E0E0E0',
    pin: '#424242',
    pinText: '#FFFFFF',
    text: '#616161',
    user: '#1A73E8',
  },
  retro: {
    water: '#B9D3C2',
    land: '#EBE3CD',
    grid: '#DFD2AE',
    pin: '#A0432A',
    pinText: '#FFFFFF',
    text: '#523735',
    user: '#2F6F8F',
  },
  dark: {
    water: '#000000',
    land: '#212121',
    grid: '#373737',
    pin: '#F28B82',
    pinText: '#202124',
    text: '#BDBDBD',
    user: '#8AB4F8',
  },
  night: {
    water: '#17263C',
    land: '#242F3E',
    grid: '#38414E',
    pin: '#D59563',
    pinText: '#17263C',
    text: '#D59563',
    user: '#8AB4F8',
  },
  aubergine: {
    water: '#0E1626',
    land: '#1D2C4D',
    grid: '#304A7D',
    pin: '#E77C8D',
    pinText: '#0E1626',
    text: '#8EC3B9',
    user: '#B3E5FC',
  },
};

export const DEFAULT_MAP_STYLE: MapStyleName = 'standard';

/** The chosen style outlives the page and the session: it is a preference, not pass state. */
export const MAP_STYLE_STORAGE_KEY = 'trailpass:map-style';

export function isMapStyleName(value: unknown): value is MapStyleName {
  return typeof value === 'string' && (MAP_STYLE_NAMES as readonly string[]).includes(value);
}

/** The remembered style, or the default when none (or something unknown) is stored or storage is blocked. */
export function readMapStyle(): MapStyleName {
  try {
    const stored = window.localStorage.getItem(MAP_STYLE_STORAGE_KEY);
    return isMapStyleName(stored) ? stored : DEFAULT_MAP_STYLE;
  } catch {
    return DEFAULT_MAP_STYLE;
  }
}

export function saveMapStyle(style: MapStyleName): void {
  try {
    window.localStorage.setItem(MAP_STYLE_STORAGE_KEY, style);
  } catch {
    // Storage may be full or blocked (private mode); the choice then lasts for this page only.
  }
}
