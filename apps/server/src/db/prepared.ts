import { is, type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client';

/**
 * Prepared statements for the hot, fixed-shape reads (the session lookup on every API call, GET /data).
 *
 * Building a query with Drizzle's builder costs about as much CPU as Postgres takes to run a small one,
 * and these run on every request. A query defined with `preparedQuery` is built once per database
 * instance, with `sql.placeholder(...)` for its inputs, and then only executed with the values. On
 * node-postgres `.prepare(name)` also makes it a named statement, which each pool connection parses
 * once; PGlite ignores the name, and gains the skipped building.
 */

/** A query builder that can be prepared or run directly: Drizzle's select builders fit. */
interface PreparableQuery<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The placeholders a query is built with, one per input name. */
export type Placeholders<K extends string> = { readonly [P in K]: Placeholder<P> };

/** Names already taken: node-postgres refuses one name for two different statements on a connection. */
const usedNames = new Set<string>();

/**
 * Defines a query built once per database instance and returns the function that runs it. `name` is the
 * statement name (unique and stable), `inputs` the placeholder names `build` uses, and the returned function
 * takes the executor and the input values, so repositories keep their `(db: DbExecutor, ...)` signatures.
 */
export function preparedQuery<K extends string, R>(
  name: string,
  inputs: readonly K[],
  build: (db: DbExecutor, p: Placeholders<K>) => PreparableQuery<R>,
): (db: DbExecutor, values: Readonly<Record<K, unknown>>) => Promise<R> {
  if (usedNames.has(name)) throw new Error(`Prepared statement name "${name}" is defined twice.`);
  usedNames.add(name);
  const placeholders = Object.fromEntries(
    inputs.map((input) => [input, sql.placeholder(input)]),
  ) as Placeholders<K>;
  // Keyed by the database object, so each database (each test file's, each server's) has its own and a
  // closed one is garbage-collected with its statements.
  const byDb = new WeakMap<DbExecutor, ReturnType<PreparableQuery<R>['prepare']>>();
  return (db, values) => {
    // A prepared query runs on the client of the handle it was prepared on: the root database's takes a
    // pool connection of its own (on PGlite it would wait for the open transaction to end), so inside a
    // transaction it would not see the transaction's writes nor hold its locks. A transaction therefore
    // builds the query on itself for each call, as before: it lives for a few queries, so caching a
    // statement for it would gain nothing, and transactions are not the hot path.
    if (is(db, PgTransaction)) return build(db, placeholders).execute(values);
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db, placeholders).prepare(name);
      byDb.set(db, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * A fixed SQL statement (not a query builder) made once with `sql.placeholder(...)` for its inputs, and run
 * by name on whatever executor it is given: the root database, or a transaction, on whose own connection it
 * then runs (with the transaction's writes and locks). On node-postgres the name makes it a prepared
 * statement that each connection parses and plans once, also inside transactions, which preparedQuery
 * cannot do; PGlite ignores the name. The rows come back as the driver gives them (no column mapping):
 * meant for statements that answer JSON built in SQL, and for writes. Used by the cart's completion, whose
 * transaction is a hot path (decision 0016).
 */
export function preparedSql<K extends string, R extends Record<string, unknown>>(
  name: string,
  inputs: readonly K[],
  build: (p: Placeholders<K>) => SQL,
): (db: DbExecutor, values: Readonly<Record<K, unknown>>) => Promise<R[]> {
  if (usedNames.has(name)) throw new Error(`Prepared statement name "${name}" is defined twice.`);
  usedNames.add(name);
  const placeholders = Object.fromEntries(
    inputs.map((input) => [input, sql.placeholder(input)]),
  ) as Placeholders<K>;
  let query: Query | null = null;
  return async (db, values) => {
    // The same text on PGlite and node-postgres: both use the Postgres dialect.
    query ??= new PgDialect().sqlToQuery(build(placeholders));
    const statement = db._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: R[] } }>(
      query,
      undefined,
      name,
      false,
    );
    const result = await statement.execute(values);
    return result.rows;
  };
}
