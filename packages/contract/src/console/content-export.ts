import { z } from 'zod';

/**
 * Issue 31 item 2 (first half): an offer's current content as a `pass-import/1` document with its media, in
 * one zip (decision 0046). Export it, import it into an empty database, export again: the two zips are the
 * same bytes. A manager's and up only, since the document holds the venues' check-in codes (`pin`). Paths
 * from the site root, in Fastify's `:param` form (as consolePaths); the route's params are offerParams.
 */
export const contentExportPaths = {
  export: '/console/api/offers/:offerId/content/export',
} as const;

/** The zip's document: the pass-import/1 JSON, pretty-printed (2 spaces, a final newline). */
export const CONTENT_EXPORT_DOCUMENT = 'pass.json';
/** The folder of the zip holding the document's `media/<file>` images, as the importer reads them. */
export const CONTENT_EXPORT_MEDIA_DIR = 'media';

/** The name the download is saved under (Content-Disposition). */
export function contentExportFileName(offerId: number): string {
  return `offer-${offerId}-content.zip`;
}

/** The route's 200, which the OpenAPI document writes as an application/zip response. */
export const contentExportZip = z
  .string()
  .describe(
    `A zip of ${CONTENT_EXPORT_DOCUMENT} (the offer's content as a pass-import/1 document: no holder data) and ` +
      `${CONTENT_EXPORT_MEDIA_DIR}/<file> for each image it names that the server has.`,
  );
