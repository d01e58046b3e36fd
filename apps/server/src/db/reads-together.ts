import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client';

/** Each read a function that starts it: a promise, or a Drizzle query (which runs when awaited). */
type Reads = readonly (() => unknown)[];
type Results<R extends Reads> = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };

/**
 * Runs reads that do not depend on each other, on `db`, and answers their results in order. On the database
 * they run side by side, each on a pool connection of its own. In a transaction they run one after another:
 * its one connection runs one statement at a time, and node-postgres 8 only queues a second one sent meanwhile
 * (with a deprecation warning) where pg 9 refuses it; a read that failed would also leave the others running
 * on a connection that goes back to the pool. Use it instead of `Promise.all` wherever `db` can be a
 * transaction (a `DbExecutor`).
 */
export async function readsTogether<const R extends Reads>(db: DbExecutor, reads: R): Promise<Results<R>> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
