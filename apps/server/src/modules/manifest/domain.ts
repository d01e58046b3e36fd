import {
  APP_BASE,
  DEFAULT_PRIMARY_COLOUR,
  HEX_COLOUR_PATTERN,
  type ManifestIcon,
  type Styles,
  type WebManifest,
} from '@trailpass/contract';

/** Media locations that become manifest icons, with the size each location is made for. */
export const MANIFEST_ICON_LOCATIONS = ['Icon196', 'Icon152'] as const;
type IconLocation = (typeof MANIFEST_ICON_LOCATIONS)[number];
const ICON_SIZES: Record<IconLocation, string> = { Icon196: '196x196', Icon152: '152x152' };

/**
 * The app's own icons (apps/web/public), for a pass whose offer and partner have no icon media:
 * browsers do not offer to install an app whose manifest lists no icon.
 */
const APP_ICONS: ManifestIcon[] = [
  { src: `${APP_BASE}/icon-192.png`, sizes: '192x192', type: 'image/png' },
  { src: `${APP_BASE}/icon-512.png`, sizes: '512x512', type: 'image/png' },
  { src: `${APP_BASE}/icon.svg`, sizes: 'any', type: 'image/svg+xml' },
];

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/** The image type a media URL's file extension names (query and fragment ignored), if known. */
export function imageTypeOf(url: string): string | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}

function validColour(colour: string | null | undefined): string | null {
  return colour && HEX_COLOUR_PATTERN.test(colour) ? colour : null;
}

export interface IconMedia {
  ownerType: string;
  location: string | null;
  url: string;
}

export interface ManifestSource {
  offerName: string;
  offerStyles: Styles | null;
  partnerStyles: Styles | null;
  /** Icon media of the offer and its partner. */
  icons: readonly IconMedia[];
}

/** One icon per location: the offer's, else the partner's (as the app picks offer media first). */
function manifestIcons(icons: readonly IconMedia[]): ManifestIcon[] {
  const result: ManifestIcon[] = [];
  for (const location of MANIFEST_ICON_LOCATIONS) {
    const item =
      icons.find((icon) => icon.location === location && icon.ownerType === 'offer') ??
      icons.find((icon) => icon.location === location && icon.ownerType === 'partner');
    if (!item) continue;
    const type = imageTypeOf(item.url);
    result.push({ src: item.url, sizes: ICON_SIZES[location], ...(type ? { type } : {}) });
  }
  return result.length > 0 ? result : APP_ICONS;
}

/**
 * The web manifest of one pass (spec 7, Manifest). The start URL carries the pass token: it is the
 * pass's only credential, so the app installed from this pass opens this pass.
 */
export function buildWebManifest(source: ManifestSource, token: string): WebManifest {
  const colour =
    validColour(source.offerStyles?.colors.primary.main) ??
    validColour(source.partnerStyles?.colors.primary.main) ??
    DEFAULT_PRIMARY_COLOUR;
  return {
    name: source.offerName,
    // Launchers shorten a long label themselves; a cut of ours could make two passes look alike.
    short_name: source.offerName,
    start_url: `${APP_BASE}/experiences?${new URLSearchParams({ t: token })}`,
    scope: `${APP_BASE}/`,
    display: 'standalone',
    theme_color: colour,
    background_color: colour,
    icons: manifestIcons(source.icons),
  };
}
