import {
  type CreateHolderRequest,
  createHolderRequest,
  HOLDER_IMPORT_COLUMNS,
  HOLDER_IMPORT_MAX_ROWS,
  HOLDER_IMPORT_REQUIRED_COLUMNS,
  type HolderImportColumn,
  type HolderImportError,
} from '@trailpass/contract/console';
import Papa from 'papaparse';

/** One holder row of the file that passed the field rules; `row` is its spreadsheet row number. */
export interface ImportCandidate {
  row: number;
  holder: CreateHolderRequest;
}

export interface ParsedImport {
  /** Data rows (blank ones skipped). */
  rows: number;
  candidates: ImportCandidate[];
  errors: HolderImportError[];
  ignoredColumns: string[];
}

/** "First Name", "first-name" and "FIRST_NAME" all name first_name. */
const columnKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The contract's field of each column, to name the column in a field rule's message. */
const COLUMN_OF_FIELD: Record<string, HolderImportColumn> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  contactPermission: 'contact_permission',
};

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

function headerError(message: string, field = 'file'): HolderImportError {
  return { row: 1, field, message };
}

/**
 * Reads the CSV text (papaparse: quoted fields, CRLF or LF, a UTF-8 byte order mark, comma, semicolon or
 * tab delimited) and checks every row by the rules of creating one holder (createHolderRequest), plus
 * duplicate addresses inside the file. What the database knows (an address already holding the offer) is
 * checked by the service. Rows are numbered as a spreadsheet shows them: the header is row 1.
 */
export function parseHolderCsv(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    header: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t'],
  });
  const errors: HolderImportError[] = [];
  const result = (rows = 0, candidates: ImportCandidate[] = [], ignoredColumns: string[] = []) => ({
    rows,
    candidates,
    errors,
    ignoredColumns,
  });
  const records = parsed.data;
  const header = records[0]?.map(columnKey) ?? [];
  if (header.every((name) => name === '')) {
    errors.push(headerError('The file has no header row: its first row must name the columns.'));
    return result();
  }
  for (const error of parsed.errors) {
    // Papaparse's guess of the delimiter fails for a one-column file; that is not the file's fault.
    if (error.code === 'UndetectableDelimiter') continue;
    errors.push({
      row: (error.row ?? 0) + 1,
      field: 'file',
      message:
        error.code === 'MissingQuotes' || error.code === 'InvalidQuotes'
          ? 'A quoted field is not closed, or a quote inside it is not doubled ("").'
          : error.message,
    });
  }
  const position = new Map<string, number>();
  const ignoredColumns: string[] = [];
  header.forEach((name, index) => {
    if ((HOLDER_IMPORT_COLUMNS as readonly string[]).includes(name)) {
      if (position.has(name)) errors.push(headerError(`The column ${name} appears twice.`, name));
      else position.set(name, index);
    } else if (name !== '') {
      ignoredColumns.push(records[0]?.[index]?.trim() ?? name);
    }
  });
  for (const required of HOLDER_IMPORT_REQUIRED_COLUMNS) {
    if (!position.has(required)) errors.push(headerError(`The header has no ${required} column.`, required));
  }
  if (errors.length > 0) return result(0, [], ignoredColumns);

  const dataRows = records
    .map((fields, index) => ({ fields, row: index + 1 }))
    .slice(1)
    .filter(({ fields }) => fields.some((field) => field.trim() !== ''));
  if (dataRows.length > HOLDER_IMPORT_MAX_ROWS) {
    errors.push(
      headerError(
        `The file has ${dataRows.length.toLocaleString('en-US')} holder rows; at most ${HOLDER_IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at a time. Split it into smaller files.`,
      ),
    );
    return result(dataRows.length, [], ignoredColumns);
  }

  const candidates: ImportCandidate[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { fields, row } of dataRows) {
    if (fields.length !== header.length) {
      errors.push({
        row,
        field: 'file',
        message: `This row has ${fields.length} fields; the header has ${header.length}.`,
      });
      continue;
    }
    const value = (column: HolderImportColumn) => {
      const index = position.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const rowErrors: HolderImportError[] = [];
    const permission = value('contact_permission').toLowerCase();
    if (!YES.has(permission) && !NO.has(permission)) {
      rowErrors.push({
        row,
        field: 'contact_permission',
        message: 'Write yes or no (or true/false, 1/0); leave it empty for no.',
      });
    }
    const checked = createHolderRequest.safeParse({
      firstName: value('first_name'),
      lastName: value('last_name'),
      email: value('email'),
      phone: value('phone') === '' ? null : value('phone'),
      contactPermission: YES.has(permission),
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'file';
        // One message per field is enough (zod may report a too-long address twice).
        if (!rowErrors.some((e) => e.field === field)) rowErrors.push({ row, field, message: issue.message });
      }
    } else {
      const key = checked.data.email.toLowerCase();
      const first = firstRowOf.get(key);
      if (first !== undefined) {
        rowErrors.push({ row, field: 'email', message: `This e-mail address is on row ${first} already.` });
      } else {
        firstRowOf.set(key, row);
      }
    }
    if (rowErrors.length > 0 || !checked.success) errors.push(...rowErrors);
    else candidates.push({ row, holder: checked.data });
  }
  return result(dataRows.length, candidates, ignoredColumns);
}
