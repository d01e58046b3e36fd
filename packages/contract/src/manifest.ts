import { z } from 'zod';
import { idParam, passQuery } from './common';
import { APP_BASE } from './constants';

/** GET /pass/api/manifest.webmanifest query (spec 7, Manifest): the offer id and the token. */
export const manifestQuery = passQuery.extend({
  /** The session's offer; any other id is 404. */
  o: idParam,
});
export type ManifestQuery = z.infer<typeof manifestQuery>;

export const manifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  /** Left out when the file name does not tell the image type. */
  type: z.string().optional(),
  /** The manifest's icon purpose; `any` (also the default when left out) is the plain icon. */
  purpose: z.enum(['any', 'maskable', 'monochrome']).optional(),
});
export type ManifestIcon = z.infer<typeof manifestIcon>;

/** The web app manifest of one pass (served as application/manifest+json). */
export const webManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  /** The pass's Experiences page with its token: the installed app opens this pass. */
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(manifestIcon),
});
export type WebManifest = z.infer<typeof webManifest>;

/**
 * Media locations (spec 3, Media item) a pass's install icons come from, in order of preference; each is
 * the offer's, else its partner's.
 */
export const INSTALL_ICON_LOCATIONS = ['Icon196', 'Icon152'] as const;

/** The PNG icon sizes made from a pass's SVG icon at import (decision 0020): Chromium's install minimum and splash. */
export const GENERATED_ICON_SIZES = [192, 512] as const;
export type GeneratedIconSize = (typeof GENERATED_ICON_SIZES)[number];

/**
 * Where the importer writes the PNG made from an imported SVG media file at one size: beside it, as
 * `/pass/media/<name>.svg.<size>.png`. Null for a URL that is not an imported SVG (a remote or bitmap
 * image is used as it is). One rule for the importer, the manifest and the page's apple-touch-icon.
 */
export function generatedIconUrl(svgUrl: string, size: GeneratedIconSize): string | null {
  if (!svgUrl.startsWith(`${APP_BASE}/media/`) || !/^[^?#]+\.svg$/i.test(svgUrl)) return null;
  return `${svgUrl}.${size}.png`;
}
