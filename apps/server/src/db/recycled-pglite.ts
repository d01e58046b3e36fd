import type { PGlite } from '@electric-sql/pglite';

/**
 * The server tests' PGlite databases, recycled within a test process (decision 0053).
 *
 * Starting a PGlite from the migrated template (a 44 MB data directory unpacked into memory, then Postgres
 * started in WebAssembly) costs about a second of CPU, and the server tests open over a hundred of them: half
 * of their pass. Emptying a used one costs a few milliseconds. So a test database that is closed is emptied
 * and kept, and the next test in the same process gets it instead of a new one:
 *
 * - **Emptied:** any open transaction rolled back, the session reset (`DISCARD ALL`: settings, prepared
 *   statements, advisory locks, temporary tables), every table of `public` truncated and every sequence
 *   restarted. The migrated template has no rows in `public` (checked when the first one opens), so an
 *   emptied database holds what a new copy of the template holds.
 * - **Kept only when unchanged:** a test may alter the schema (a trigger that makes a write fail), a column's
 *   statistics target or the planner's statistics. The catalogue's fingerprint (below) is compared with the
 *   template's after emptying, and a database that differs is closed instead of kept.
 * - **Closed for the test that had it:** the test's handle is a proxy of the client that refuses every call
 *   once the test closed it, so a test that closes its database to see the app fail still sees every query
 *   fail, and nothing a test kept can reach the next test's data. (Not `Proxy.revocable`: vitest restores a
 *   spy on the client after the file's last hook, and a revoked proxy throws on that.)
 */

/** Idle databases kept per process: enough for a test with a second database, few enough for memory. */
const MAX_IDLE = 2;

const idle: PGlite[] = [];
/** The template as migrated, read from the process's first copy: what every emptied database must match. */
interface Template {
  fingerprint: string;
  /** What empties a database with its schema (emptyingSql). */
  emptying: string;
}
let template: Promise<Template> | undefined;

/**
 * What a test can change in a database that emptying does not undo: the objects of `public` and their
 * definitions, triggers and whether they are enabled, functions, extensions, per-column options, and the
 * planner's statistics (a test's ANALYZE would change the next test's plans).
 */
const FINGERPRINT = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) as fingerprint from (
    select 'class ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '')
      || ' ' || c.relpages::text || ' ' || c.reltuples::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all
    select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' '
      || a.attnotnull::text || ' ' || coalesce(array_to_string(a.attoptions, ','), '') || ' ' || coalesce(a.attstattarget::text, '')
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
    union all
    select 'default ' || d.adrelid::regclass::text || ' ' || pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d
    union all
    select 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all
    select 'trigger ' || tgname || ' ' || tgrelid::regclass::text || ' ' || tgenabled::text from pg_trigger
      where not tgisinternal
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p
      where p.pronamespace = 'public'::regnamespace
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'statistics ' || count(*)::text from pg_statistic
  ) items`;

async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  const value = rows[0]?.fingerprint;
  if (!value) throw new Error('The test database has no catalogue fingerprint.');
  return value;
}

/**
 * The SQL that empties a database with the template's schema: every table of `public` truncated, every
 * sequence restarted, and the template's page and row counts put back (the planner reads them, and TRUNCATE
 * resets them). Read once from the template: a database is only kept while its fingerprint matches it.
 */
async function emptyingSql(client: PGlite): Promise<string> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const { rows: sequences } = await client.query<{ name: string }>(
    `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
  );
  const { rows: sizes } = await client.query<{ sizes: string | null }>(
    `select string_agg(format('(%s, %s, %s)', c.oid, c.relpages, c.reltuples), ', ') as sizes
       from pg_class c where c.relnamespace = 'public'::regnamespace`,
  );
  const values = sizes[0]?.sizes;
  return [
    // The append-only tables' triggers refuse TRUNCATE (console_audit): as a replica the session fires none.
    'set session_replication_role = replica;',
    tables.length > 0 ? `truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade;` : '',
    ...sequences.map((sequence) => `alter sequence ${sequence.name} restart;`),
    'reset session_replication_role;',
    values
      ? `update pg_class c set relpages = v.pages, reltuples = v.tuples
           from (values ${values}) v(oid, pages, tuples) where c.oid = v.oid::oid;`
      : '',
  ].join('\n');
}

/** Rolls back, empties the database with the template's `emptying` SQL and resets the session. */
async function empty(client: PGlite, emptying: string): Promise<void> {
  // Outside a transaction ROLLBACK only warns; inside one (a test that failed half-way) it ends it.
  await client.exec('rollback');
  await client.exec(emptying);
  await client.exec('discard all');
}

/** Fails loudly when the migrated template has rows in `public`: emptying would then lose them. */
async function requireEmptyTemplate(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'
       and (xpath('/row/count/text()', query_to_xml(format('select count(*) from public.%I', tablename), false, true, '')))[1]::text::int > 0`,
  );
  if (rows.length > 0) {
    throw new Error(
      `The migrated template has rows in ${rows.map((r) => r.name).join(', ')}: recycled test databases (decision 0053) assume it has none.`,
    );
  }
}

export interface Lease {
  /** The client the test uses: the database's until `release`, then every use throws. */
  client: PGlite;
  /** Whether this is a new copy of the template (it still needs its migrations checked). */
  fresh: boolean;
  release(): Promise<void>;
}

/** A test database: an idle recycled one, or a new copy of the template from `create`. */
export async function leasePglite(create: () => Promise<PGlite>): Promise<Lease> {
  const reused = idle.pop();
  const client = reused ?? (await create());
  if (!reused && !template) {
    // The first copy of this process: the template as migrated, the reference every emptied one must match.
    template = requireEmptyTemplate(client).then(async () => ({
      fingerprint: await fingerprint(client),
      emptying: await emptyingSql(client),
    }));
  }
  await template;
  let released = false;
  const proxy = new Proxy(client, {
    get(target, property) {
      if (released) {
        if (property === 'closed') return true;
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return () => Promise.reject(new Error('This test database is closed.'));
      }
      const value = Reflect.get(target, property, target);
      // PGlite's methods read its private fields, which a proxy as `this` does not have.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    client: proxy,
    fresh: !reused,
    async release() {
      if (released) return;
      released = true;
      await keepOrClose(client);
    },
  };
}

async function keepOrClose(client: PGlite): Promise<void> {
  try {
    const reference = await template;
    if (reference && idle.length < MAX_IDLE && !client.closed) {
      await empty(client, reference.emptying);
      if ((await fingerprint(client)) === reference.fingerprint) {
        idle.push(client);
        return;
      }
    }
  } catch {
    // A database that cannot be emptied is not kept; closing it below is all that is left to do.
  }
  if (!client.closed) await client.close();
}
