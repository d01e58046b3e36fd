import {
  APP_BASE,
  DEFAULT_PRIMARY_COLOUR,
  GENERATED_ICON_SIZES,
  generatedIconUrl,
  HEX_COLOUR_PATTERN,
  INSTALL_ICON_LOCATIONS,
  type ManifestIcon,
  type Styles,
  type WebManifest,
} from '@trailpass/contract';

type IconLocation = (typeof INSTALL_ICON_LOCATIONS)[number];
/** The size each icon location is made for. */
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

/** Spec 9: a pass's primary colour: the offer's, else the partner's, else the default (also e-mails'). */
export function primaryColourOf(
  offerStyles: ManifestSource['offerStyles'],
  partnerStyles: ManifestSource['partnerStyles'],
): string {
  return (
    validColour(offerStyles?.colors.primary.main) ??
    validColour(partnerStyles?.colors.primary.main) ??
    DEFAULT_PRIMARY_COLOUR
  );
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
  /** The generated PNG icon URLs (generatedIconUrl) whose files exist: the import made them. */
  generatedIcons: ReadonlySet<string>;
}

/** The PNGs made at import from an SVG icon (decision 0020) that exist, largest last. */
function generatedPngs(svgUrl: string, generated: ReadonlySet<string>): ManifestIcon[] {
  return GENERATED_ICON_SIZES.flatMap((size) => {
    const src = generatedIconUrl(svgUrl, size);
    return src && generated.has(src)
      ? [{ src, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' as const }]
      : [];
  });
}

/**
 * One icon per location: the offer's, else the partner's (as the app picks offer media first). The first
 * SVG icon with PNGs made at import is listed as those PNGs (Chromium's 192 and 512 px) and as the SVG
 * for any size; the other icons, and SVGs without PNGs (a file missing from the import, a remote URL),
 * are listed with the size their location is made for.
 */
function manifestIcons(icons: readonly IconMedia[], generated: ReadonlySet<string>): ManifestIcon[] {
  const result: ManifestIcon[] = [];
  let pngsListed = false;
  for (const location of INSTALL_ICON_LOCATIONS) {
    const item =
      icons.find((icon) => icon.location === location && icon.ownerType === 'offer') ??
      icons.find((icon) => icon.location === location && icon.ownerType === 'partner');
    if (!item) continue;
    const type = imageTypeOf(item.url);
    const pngs = pngsListed ? [] : generatedPngs(item.url, generated);
    if (pngs.length > 0) {
      pngsListed = true;
      result.push(...pngs, { src: item.url, sizes: 'any', ...(type ? { type } : {}) });
    } else {
      result.push({ src: item.url, sizes: ICON_SIZES[location], ...(type ? { type } : {}) });
    }
  }
  return result.length > 0 ? result : APP_ICONS;
}

/**
 * The web manifest of one pass (spec 7, Manifest). The start URL carries the pass token: it is the
 * pass's only credential, so the app installed from this pass opens this pass.
 */
export function buildWebManifest(source: ManifestSource, token: string): WebManifest {
  const colour = primaryColourOf(source.offerStyles, source.partnerStyles);
  return {
    name: source.offerName,
    // Launchers shorten a long label themselves; a cut of ours could make two passes look alike.
    short_name: source.offerName,
    start_url: `${APP_BASE}/experiences?${new URLSearchParams({ t: token })}`,
    scope: `${APP_BASE}/`,
    display: 'standalone',
    theme_color: colour,
    background_color: colour,
    icons: manifestIcons(source.icons, source.generatedIcons),
  };
}
