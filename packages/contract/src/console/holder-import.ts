import { z } from 'zod';

/**
 * Issue 30 item 2: holders of an offer imported from a CSV file, all or none. The console sends the file's
 * text to `preview`, which answers every row's errors and how many holders it would add; `apply` sends the
 * same text again and the server checks it all over again in the transaction that adds them (a file that
 * changed since the preview, or an address that became a holder meanwhile, is refused with its errors and
 * adds none). See decision 0042.
 */
export const holderImportPaths = {
  preview: '/console/api/offers/:offerId/holders/import/preview',
  apply: '/console/api/offers/:offerId/holders/import',
} as const;

/**
 * The columns of the file's header row. Names are matched without case, and spaces or hyphens count as
 * underscores ("First Name" is first_name); other columns are ignored (and listed in the preview).
 * contact_permission is yes/no, true/false or 1/0 (empty: no); phone in international format (+19205550123).
 */
export const HOLDER_IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'contact_permission',
] as const;
export const HOLDER_IMPORT_REQUIRED_COLUMNS = ['first_name', 'last_name', 'email'] as const;
export type HolderImportColumn = (typeof HOLDER_IMPORT_COLUMNS)[number];

/** At most this many characters of CSV text (about 1 MB) and this many data rows in one import. */
export const HOLDER_IMPORT_MAX_CHARS = 1_000_000;
export const HOLDER_IMPORT_MAX_ROWS = 10_000;

export const holderImportRequest = z.strictObject({
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(
      HOLDER_IMPORT_MAX_CHARS,
      `The file is too large: at most ${HOLDER_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters (about 1 MB). Split it into smaller files.`,
    ),
  /** The file's name, for the audit log only. */
  fileName: z.string().trim().max(200, 'The file name is too long.').optional(),
});
export type HolderImportRequest = z.infer<typeof holderImportRequest>;

/**
 * One problem of the file. `row` is the row as a spreadsheet numbers it (the header is row 1, the first
 * holder row 2), or 1 for a problem of the header; `field` is the column's name (`file` for the file as a
 * whole).
 */
export const holderImportError = z.object({
  row: z.number().int().positive(),
  field: z.string(),
  message: z.string(),
});
export type HolderImportError = z.infer<typeof holderImportError>;

/** POST holderImportPaths.preview: what apply would do with this text. Nothing is written. */
export const holderImportPreview = z.object({
  /** Data rows in the file (blank lines are skipped). */
  rows: z.number().int().nonnegative(),
  /** Holders apply would add: every row, when `errors` is empty; 0 otherwise (all or none). */
  toAdd: z.number().int().nonnegative(),
  /** Rows whose address is a partner user of the partner already (they get the pass, keeping their record). */
  existingPartnerUsers: z.number().int().nonnegative(),
  errors: z.array(holderImportError),
  /** Header columns the import does not read. */
  ignoredColumns: z.array(z.string()),
  /** SHA-256 of the text checked, hex: the console may show that apply checked the same file. */
  checksum: z.string(),
});
export type HolderImportPreview = z.infer<typeof holderImportPreview>;

/** POST holderImportPaths.apply: every row added, in one transaction with one audit entry. */
export const holderImportResult = z.object({
  added: z.number().int().nonnegative(),
  existingPartnerUsers: z.number().int().nonnegative(),
  checksum: z.string(),
});
export type HolderImportResult = z.infer<typeof holderImportResult>;

/**
 * A refused apply answers 422 VALIDATION in the consoleError shape with `errors` keyed by
 * holderImportErrorKey(row, field), e.g. "7.email"; nothing was added.
 */
export const holderImportErrorKey = (row: number, field: string) => `${row}.${field}`;
