import type {
  HOLDER_IMPORT_MAX_CHARS as ContractMaxChars,
  HOLDER_IMPORT_COLUMNS,
  HOLDER_IMPORT_REQUIRED_COLUMNS,
  HolderImportError,
} from '@trailpass/contract/console';

/** The contract's columns and limit, restated as types-only imports allow; the compiler holds them equal. */
export const IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'contact_permission',
] as const satisfies typeof HOLDER_IMPORT_COLUMNS;
export const REQUIRED_COLUMNS = [
  'first_name',
  'last_name',
  'email',
] as const satisfies typeof HOLDER_IMPORT_REQUIRED_COLUMNS;
export const MAX_CHARS: typeof ContractMaxChars = 1_000_000;

/**
 * A refused apply's per-field errors (contract: keyed by holderImportErrorKey, "7.email", each message
 * joined into one string by the API client) as the preview's rows, so the same table shows them. A key
 * without a row number is the file's as a whole (row 1, as the contract numbers the header).
 */
export function errorsFromRefusal(errors: Record<string, string> | undefined): HolderImportError[] {
  if (!errors) return [];
  return Object.entries(errors)
    .map(([key, message]) => {
      const match = /^(\d+)\.(.+)$/.exec(key);
      return match
        ? { row: Number(match[1]), field: match[2] as string, message }
        : { row: 1, field: key, message };
    })
    .sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
}

/** A file too large to send, said before it is read into a request (the server says the same). */
export function tooLarge(text: string): string | null {
  return text.length > MAX_CHARS
    ? `The file is too large: at most ${MAX_CHARS.toLocaleString('en-US')} characters (about 1 MB). Split it into smaller files.`
    : null;
}
