import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AppDb, type DbExecutor, queryRows } from '../client.js';
import { MEDIA_URL_PREFIX } from '../paths.js';
import { TABLE_NAMES, TABLES, TABLES_WITHOUT_ID, type TableName } from '../tables.js';
import type { PassDocument } from './document.js';
import { type RenderedIcon, renderIcons, writeIcons } from './icons.js';
import { type ImportIssue, PassImportError } from './issues.js';
import { describeJsonError } from './json-error.js';
import { buildRows } from './rows.js';
import { checkPassDocument } from './validate.js';

export interface ImportOptions {
  /** Delete every existing row first (in the same transaction). Without it, a non-empty database is an error. */
  replace?: boolean;
  /** Folder the server serves under /pass/media/; `media/<file>` images are copied into it. */
  mediaDir: string;
  /** The moment `@now` means; default: the current time. */
  now?: Date;
  /** URL prefix for the copied media files (default `/pass/media/`). */
  mediaUrlPrefix?: string;
}

/** A pass link of the imported file, for printing the demo links (the database keeps only the token hash). */
export interface ImportedLink {
  id: number;
  label: string;
  token: string;
  path: string | null;
  query: Record<string, string | number>;
}

export interface ImportResult {
  /** Rows written per table. */
  counts: Record<TableName, number>;
  /** Problems that did not stop the import (missing media files). */
  warnings: ImportIssue[];
  /** The moment `@now` dates were resolved against. */
  now: Date;
  /** Whether existing data was deleted first. */
  replaced: boolean;
  /** `icons`: the PNG install icons made from SVG icons (file names in the media folder). */
  media: { copied: number; missing: string[]; icons: string[] };
  links: ImportedLink[];
}

/**
 * Reads, validates and parses a pass-import/1 file. Throws PassImportError (code `invalid_file`) with one
 * issue per problem; returns the document and the warnings.
 */
export async function loadPassFile(
  filePath: string,
  opts: { now?: Date } = {},
): Promise<{ doc: PassDocument; warnings: ImportIssue[] }> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    throw new PassImportError('invalid_file', [
      { path: '$', message: `cannot read ${filePath}: ${errorText(error)}` },
    ]);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new PassImportError('invalid_file', [{ path: '$', message: jsonErrorText(text, error) }]);
  }
  const { errors, warnings } = checkPassDocument(doc, {
    baseDir: path.dirname(path.resolve(filePath)),
    now: opts.now,
  });
  if (errors.length > 0) throw new PassImportError('invalid_file', errors);
  return { doc: doc as PassDocument, warnings };
}

/**
 * Imports a pass-import/1 file in ONE transaction: a bad file, a non-empty database (without `replace`)
 * or any failure writes nothing. `@now` dates resolve against one `now` (UTC). `media/<file>` images are
 * copied into `mediaDir` and their URLs become `/pass/media/<file>`; a missing file keeps that URL (it
 * answers 404 and the app shows its default picture) and is reported as a warning. Offer and partner
 * SVG icons (Icon196, Icon152) also get PNGs at 192 and 512 px beside them (decision 0020); an SVG icon
 * that cannot be rendered makes the file invalid.
 */
export async function importPassFile(
  db: AppDb,
  filePath: string,
  opts: ImportOptions,
): Promise<ImportResult> {
  const now = opts.now ?? new Date();
  const loaded = await loadPassFile(filePath, { now });
  return importPassDocument(db, loaded, { ...opts, now, baseDir: path.dirname(path.resolve(filePath)) });
}

/**
 * The second half of importPassFile, for a document loadPassFile has already read and validated (the CLI
 * checks the file before it opens the database).
 */
export async function importPassDocument(
  db: AppDb,
  loaded: { doc: PassDocument; warnings: ImportIssue[] },
  opts: ImportOptions & { baseDir: string },
): Promise<ImportResult> {
  const { doc, warnings } = loaded;
  const now = opts.now ?? new Date();
  const { rows, mediaFiles } = buildRows(doc, {
    now,
    mediaUrlPrefix: opts.mediaUrlPrefix ?? MEDIA_URL_PREFIX,
  });

  let replaced = false;
  let media: ImportResult['media'] = { copied: 0, missing: [], icons: [] };
  try {
    // Rendered in memory first: a broken SVG icon stops the import before the database or a file is touched.
    const rendered = await renderIcons(opts.baseDir, doc);
    if (rendered.errors.length > 0) throw new PassImportError('invalid_file', rendered.errors);
    await db.transaction(async (tx) => {
      // Two instances starting together against one Postgres: the second waits here, then finds data.
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
      if (!(await isDatabaseEmpty(tx))) {
        if (!opts.replace) {
          throw new PassImportError('database_not_empty', [
            {
              path: '$',
              message:
                'the database already has data; nothing was imported (use --replace to delete it first)',
            },
          ]);
        }
        await clearDatabase(tx);
        replaced = true;
      }
      for (const name of TABLE_NAMES) {
        await insertChunks(tx, TABLES[name], rows[name]);
      }
      await resetIdSequences(tx);
      // Last, so that a copy failure still rolls the import back.
      media = await copyMediaFiles(opts.baseDir, opts.mediaDir, mediaFiles, rendered.icons);
    });
  } catch (error) {
    if (error instanceof PassImportError) throw error;
    throw new PassImportError(
      'import_failed',
      [{ path: '$', message: `import failed, nothing was written: ${errorText(error)}` }],
      { cause: error },
    );
  }

  const counts = Object.fromEntries(TABLE_NAMES.map((name) => [name, rows[name].length])) as Record<
    TableName,
    number
  >;
  const links = doc.passLinks.map((l) => ({
    id: l.id,
    label: l.label,
    token: l.token,
    path: l.path ?? null,
    query: (l.query ?? {}) as Record<string, string | number>,
  }));
  return { counts, warnings, now, replaced, media, links };
}

/** True when no table holds a row. */
export async function isDatabaseEmpty(db: DbExecutor): Promise<boolean> {
  const checks = TABLE_NAMES.map((name) => sql`exists (select 1 from ${TABLES[name]})`);
  const [row] = await queryRows<{ has_data: boolean }>(
    db,
    sql`select (${sql.join(checks, sql` or `)}) as has_data`,
  );
  return row?.has_data === false;
}

/** Deletes every row of every table, children first. Run it inside a transaction. */
export async function clearDatabase(db: DbExecutor): Promise<void> {
  for (const name of [...TABLE_NAMES].reverse()) {
    await db.delete(TABLES[name]);
  }
}

/** Row counts per table (for summaries and tests). */
export async function countRows(db: DbExecutor): Promise<Record<TableName, number>> {
  const selects = TABLE_NAMES.map(
    (name) => sql`select ${name}::text as name, count(*)::int as n from ${TABLES[name]}`,
  );
  const rows = await queryRows<{ name: string; n: number }>(db, sql.join(selects, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)])) as Record<TableName, number>;
}

const CHUNK = 500;
/** Arbitrary constant key of the transaction-level advisory lock held while importing. */
const IMPORT_LOCK_KEY = 7_204_611_903;

async function insertChunks(db: DbExecutor, table: PgTable, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Rows were typed per table by buildRows; the loop over all tables cannot keep that type.
    await db.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}

/** Moves every id sequence past the ids written explicitly, so later inserts get fresh ids. */
async function resetIdSequences(db: DbExecutor): Promise<void> {
  const statements: SQL[] = TABLE_NAMES.filter((name) => !TABLES_WITHOUT_ID.has(name)).map(
    (name) =>
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${TABLES[name]}`,
  );
  await db.execute(sql.join(statements, sql` union all `));
}

/** Copies the document's media files, then writes the rendered icons (which win over a copied file of their name). */
async function copyMediaFiles(
  baseDir: string,
  mediaDir: string,
  files: Set<string>,
  icons: readonly RenderedIcon[],
): Promise<ImportResult['media']> {
  await mkdir(mediaDir, { recursive: true });
  let copied = 0;
  const missing: string[] = [];
  for (const file of [...files].sort()) {
    const from = path.resolve(baseDir, 'media', file);
    const to = path.resolve(mediaDir, file);
    if (from === to) {
      copied++;
      continue;
    }
    try {
      await copyFile(from, to);
      copied++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(`media/${file}`);
    }
  }
  await writeIcons(mediaDir, icons);
  return { copied, missing, icons: icons.map((icon) => icon.file) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "malformed JSON at line 3, column 15: expected a value, found "}"". */
function jsonErrorText(text: string, error: unknown): string {
  const where = describeJsonError(text);
  return where ? `malformed JSON at ${where}` : `malformed JSON: ${errorText(error)}`;
}
