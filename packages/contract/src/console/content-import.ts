import { z } from 'zod';

/**
 * Issue 31 item 1 (first half): an upload of one offer's content, checked and compared with the content as it
 * is, without writing anything: the dry run the apply (the next step) will require (decision 0047). Paths from
 * the site root, in Fastify's `:param` form (as consolePaths); the route's params are offerParams.
 */
export const contentImportPaths = {
  dryRun: '/console/api/offers/:offerId/content/dry-run',
} as const;

/**
 * The body's types: a zip of the document (`pass.json` at its root, or the one `*.json` there) and its
 * `media/<file>` images, as the export makes it; or the bare JSON document (its images must then be on the
 * server already). Windows browsers label a .zip file `application/x-zip-compressed`.
 */
export const CONTENT_IMPORT_ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'] as const;
export const CONTENT_IMPORT_JSON_TYPE = 'application/json';

/**
 * What an upload may be. Photos are already compressed, so a zip of them is about as large as they are:
 * 20 MB is some fifty phone-sized pictures and the document (the demo's is 120 kB for four offers). Unpacked,
 * at most 64 MB in at most 1,000 entries, the document itself at most 10 MB: the bytes are counted as they
 * unpack, and the reading stops at the cap (or where an entry passes the size its header claims).
 */
export const CONTENT_IMPORT_LIMITS = {
  bodyBytes: 20 * 1024 * 1024,
  unzippedBytes: 64 * 1024 * 1024,
  documentBytes: 10 * 1024 * 1024,
  entries: 1000,
} as const;

/** The kinds of an offer's content a dry run compares, in the order it lists them. */
export const CONTENT_KINDS = [
  'partner',
  'offer',
  'faqs',
  'deals',
  'venues',
  'categories',
  'products',
  'rewardItems',
  'packages',
  'perks',
  'assignments',
  'modules',
  'messageLists',
  'availability',
  'polls',
] as const;
export const contentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKind>;

/** One record of a kind: its id and what a person calls it (a name, a question, `deal 201 at pass`). */
export const contentChangeItem = z.object({
  id: z.number().int(),
  label: z.string(),
  /** For a changed record: its top-level fields that differ (`name`, `media`, `ticketsAvailable`...). */
  fields: z.array(z.string()).optional(),
  /** What the apply does beyond the obvious (a shared venue left in place for the offers that use it). */
  note: z.string().optional(),
});
export type ContentChangeItem = z.infer<typeof contentChangeItem>;

export const contentKindChanges = z.object({
  kind: contentKind,
  added: z.array(contentChangeItem),
  changed: z.array(contentChangeItem),
  removed: z.array(contentChangeItem),
});
export type ContentKindChanges = z.infer<typeof contentKindChanges>;

/** The 200 of a dry run: nothing was written. */
export const contentDryRun = z.object({
  offerId: z.number().int(),
  /** SHA-256 (hex) of the uploaded bytes: the apply takes the same bytes and this checksum. */
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  /** The zip entry the document was read from; null for a bare JSON upload. */
  document: z.string().nullable(),
  /** True when the upload changes nothing. */
  unchanged: z.boolean(),
  /** Every kind, in CONTENT_KINDS order, with empty lists where nothing changes. */
  kinds: z.array(contentKindChanges),
  /**
   * The zip's `media/<file>` images the document names: `added` are new to the server, `replaced` differ
   * from the server's file of that name, `same` are byte for byte the server's. `unused`: in the zip but not
   * named by the document (the apply leaves them out).
   */
  media: z.object({
    added: z.array(z.string()),
    replaced: z.array(z.string()),
    same: z.array(z.string()),
    unused: z.array(z.string()),
  }),
  /** Problems that do not stop an upload, each with its JSON path. */
  warnings: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ContentDryRun = z.infer<typeof contentDryRun>;

/** The route's body in the OpenAPI document: the zip or the JSON document, read as they come. */
export const contentImportBody = z
  .unknown()
  .describe(
    'A zip (application/zip) of pass.json and its media/<file> images, as the content export makes it, or the ' +
      'pass-import/1 document alone (application/json).',
  );
