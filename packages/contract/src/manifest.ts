import { z } from 'zod';
import { idParam, passQuery } from './common';

/**
 * GET /pass/api/manifest.webmanifest query (spec 7, Manifest): the offer id and the token, and the language
 * the app is showing (issue 32).
 */
export const manifestQuery = passQuery.extend({
  /** The session's offer; any other id is 404. */
  o: idParam,
  /**
   * The language the app is showing, for the manifest's name: the browser fetches the manifest itself,
   * without the app's X-Pass-Language. Read before that header and the saved language; a value that is not
   * one of PASS_LANGUAGES is ignored, never an error, as the header's is (decision 0049); so is a repeated
   * one.
   */
  lang: z.union([z.string(), z.array(z.string())]).optional(),
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
