import { z } from 'zod';
import { idParam } from '../common';

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

/**
 * Issue 31, the second half (decision 0048): the apply of an upload, and the versions of the content each
 * apply keeps. Paths as `contentImportPaths`; the version routes' params are `contentVersionParams`.
 */
export const contentApplyPaths = {
  /** POST the same body as the dry run, with `?checksum=` the dry run answered. */
  apply: '/console/api/offers/:offerId/content/imports',
  versions: '/console/api/offers/:offerId/content/versions',
  versionDownload: '/console/api/offers/:offerId/content/versions/:versionId/download',
  versionDryRun: '/console/api/offers/:offerId/content/versions/:versionId/dry-run',
  versionRestore: '/console/api/offers/:offerId/content/versions/:versionId/restore',
} as const;

/**
 * The apply's (and a restore's) query: the dry run's `checksum`, the SHA-256 (hex) of the bytes it checked. A
 * query parameter rather than a header, so that a link or a log line names what was applied.
 */
export const contentApplyQuery = z.strictObject({
  checksum: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, 'Expected the dry run’s checksum: 64 hexadecimal digits.'),
});

/**
 * The 200 of an apply or a restore: the diff that was applied (the dry run's, found again in the apply's own
 * transaction) and the version it made. An upload that changes nothing writes nothing: `unchanged`, and
 * `versionId` null.
 */
export const contentApplied = contentDryRun.extend({
  versionId: z.number().int().nullable(),
});
export type ContentApplied = z.infer<typeof contentApplied>;

/**
 * What a version is: `import`, the content right after an applied upload; `restore`, right after a version
 * was put back; `baseline`, the content as it was before the offer's first apply (so that it can be undone).
 */
export const CONTENT_VERSION_KINDS = ['baseline', 'import', 'restore'] as const;
export const contentVersionKind = z.enum(CONTENT_VERSION_KINDS);
export type ContentVersionKind = z.infer<typeof contentVersionKind>;

/** What each kind of record a version's apply added, changed and removed (all zero for a baseline). */
export const contentVersionCounts = z.object({
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  mediaAdded: z.number().int().nonnegative(),
  mediaReplaced: z.number().int().nonnegative(),
});
export type ContentVersionCounts = z.infer<typeof contentVersionCounts>;

export const contentVersion = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  createdAt: z.string(),
  /** The e-mail of the staff member whose apply made it. */
  createdBy: z.string(),
  kind: contentVersionKind,
  /** The checksum of what was applied (the upload's; a restore's is the restored version's zip). */
  checksum: z.string(),
  counts: contentVersionCounts,
  /** The size of the version's zip, which `versionDownload` hands out and a restore applies. */
  bytes: z.number().int().nonnegative(),
  /** For a restore: the version it put back. */
  restoredFrom: z.number().int().nullable(),
});
export type ContentVersion = z.infer<typeof contentVersion>;

/** GET contentApplyPaths.versions?page&perPage: newest first. */
export const contentVersionsQuery = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, 'Expected a page number from 1.')
    .transform(Number)
    .optional()
    .default(1),
  perPage: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'Expected a page size from 1 to 100.')
    .transform(Number)
    .pipe(z.number().max(100, 'Expected a page size from 1 to 100.'))
    .optional()
    .default(25),
});
export const contentVersionPage = z.object({
  items: z.array(contentVersion),
  total: z.number().int().nonnegative(),
});
export type ContentVersionPage = z.infer<typeof contentVersionPage>;

export const contentVersionParams = z.strictObject({ offerId: idParam, versionId: idParam });
