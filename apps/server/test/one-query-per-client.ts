import pg from 'pg';

/**
 * On Postgres, a statement sent on a client that is still running another one fails the test. node-postgres 8
 * queues it (and warns, once per process, with a stack that does not lead to the caller); pg 9 refuses it. It
 * happens when one transaction's client is given several statements at once (`Promise.all` on a `tx`), which
 * never runs them side by side anyway (db/reads-together.ts runs them one after another there; decision 0057).
 */
const GUARDED = Symbol.for('trailpass.oneQueryPerClient');
const prototype = pg.Client.prototype as typeof pg.Client.prototype & { [GUARDED]?: true };
// A worker runs this before each of its files, in one process (isolate: false): the guard goes on once.
if (!prototype[GUARDED]) guard();

function guard() {
  prototype[GUARDED] = true;
  const query = prototype.query;
  prototype.query = function (this: pg.Client & ClientInternals, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      throw new Error('A statement was sent on a Postgres client that is still running another one.');
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** node-postgres 8's own fields for what the client is running and what waits (lib/client.js). */
interface ClientInternals {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}
