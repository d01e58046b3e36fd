/**
 * Rows read as JSON built in SQL, mapped to exactly what a Drizzle select of the same columns returns.
 *
 * A statement that answers several tables at once (json_agg of rows) saves round trips, but JSON has no
 * dates or exact decimals. So each column is put in the JSON as the node-postgres driver would hand it to
 * Drizzle (timestamps, dates, times and numerics as their text form, the rest as JSON values), and then
 * goes through the column's own `mapFromDriverValue`, as Drizzle's select does: the same Date, the same
 * "0.00" string, the same jsonb value. Used by the order answer (orders/repository.ts loadOrderRows).
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** SQL types the driver passes to Drizzle as text (node-postgres' parsers are switched off for them). */
const AS_TEXT = /^(timestamp|date|time|interval|numeric)/;

/** A column and the alias of the table it is read from in the statement. */
export interface JsonField {
  column: PgColumn;
  from: string;
}

function fieldValue({ column, from }: JsonField): SQL {
  const type = column.getSQLType();
  const ref = sql.raw(`${from}."${column.name}"`);
  if (AS_TEXT.test(type)) {
    if (type.endsWith('[]')) throw new Error(`json-rows: ${type} arrays are not supported (${column.name})`);
    return sql`${ref}::text`;
  }
  return ref;
}

/** `jsonb_build_object(...)` of the fields by their keys (in parts: a call takes at most 100 arguments). */
export function fieldsJson(fields: Record<string, JsonField>): SQL {
  const pairs = Object.entries(fields).map(
    ([key, field]) => sql`${sql.raw(`'${key}'`)}, ${fieldValue(field)}`,
  );
  const parts: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 40) {
    parts.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + 40), sql`, `)})`);
  }
  return sql.join(parts, sql` || `);
}

/** Every column of `table` (read as `alias`), keyed as Drizzle's select() keys them. */
export function rowJson(table: PgTable, alias: string): SQL {
  return fieldsJson(
    Object.fromEntries(
      Object.entries(getTableColumns(table)).map(([key, column]) => [key, { column, from: alias }]),
    ),
  );
}

/** The columns of `fields` mapped from their JSON form (fieldsJson) as Drizzle maps a driver row. */
export function fromJson<T>(columns: Record<string, PgColumn>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** A row of `table` from its rowJson form: what `db.select().from(table)` gives for it. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  return fromJson<T['$inferSelect']>(getTableColumns(table), json);
}
