import { type SQL, sql } from 'drizzle-orm';
import { type DbExecutor, queryRows } from '../../src/db/client';
import { TABLE_NAMES, TABLES, type TableName } from '../../src/db/tables';

/** An md5 of each table's rows (as text, in order), for "the database is unchanged". */
export type Digest = Record<TableName, string>;

// One statement for every table: one round trip per digest.
const DIGEST_QUERY: SQL = sql.join(
  TABLE_NAMES.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${TABLES[name]} as x`,
  ),
  sql` union all `,
);

export async function digestOf(db: DbExecutor): Promise<Digest> {
  const rows = await queryRows<{ name: string; digest: string }>(db, DIGEST_QUERY);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest])) as Digest;
}

/** The tables whose rows differ. */
export function changedTables(before: Digest, after: Digest): TableName[] {
  return TABLE_NAMES.filter((name) => before[name] !== after[name]);
}

async function walInsertPosition(db: DbExecutor): Promise<string> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return row?.lsn ?? '';
}

/**
 * Tells which tables changed since the last look. Every change of a row writes to the write-ahead log, so
 * while its insert position stays where it was nothing can have changed and the digest (every row of every
 * table) is skipped; when it moved (a write, or anything else that logs, on a shared server another
 * database's work too) the digests are compared.
 */
export class ChangeWatch {
  /** How many looks needed a digest. */
  digests = 0;

  private constructor(
    private readonly db: DbExecutor,
    private position: string,
    private digest: Digest,
  ) {}

  static async start(db: DbExecutor): Promise<ChangeWatch> {
    const position = await walInsertPosition(db);
    return new ChangeWatch(db, position, await digestOf(db));
  }

  async changes(): Promise<TableName[]> {
    const position = await walInsertPosition(this.db);
    if (position === this.position) return [];
    this.digests += 1;
    const digest = await digestOf(this.db);
    const changed = changedTables(this.digest, digest);
    this.position = position;
    this.digest = digest;
    return changed;
  }
}
