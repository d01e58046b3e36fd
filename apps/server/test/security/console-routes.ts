import { CONSOLE_API_BASE } from '@trailpass/contract/console';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { ConsoleAccess } from '../../src/console/staff-auth';
import { type DbExecutor, queryRows } from '../../src/db/client';
import { SERVER_TABLES, TABLE_NAMES, TABLES } from '../../src/db/tables';
import type { Method, RouteSchemas } from './routes';

/**
 * The console's route catalogue (issue 30): every /console/api route the app registered behind the
 * staff-auth plugin (all but the `public` ones: better-auth's own routes and the API's 404), with its access
 * rule and zod schemas, as the onRoute hook saw it. The console's matrix and fuzz suites walk it, so a new
 * console route is in both without editing them, and the matrix fails until its table has a row for it.
 */
export interface ConsoleRoute {
  method: Method;
  url: string;
  access: Exclude<ConsoleAccess, { scope: 'public' }>;
  schemas: RouteSchemas;
  name: string;
}

export function consoleCatalogueOf(registered: readonly RouteOptions[]): ConsoleRoute[] {
  const out: ConsoleRoute[] = [];
  for (const route of registered) {
    if (!route.url.startsWith(`${CONSOLE_API_BASE}/`)) continue;
    const access = route.config?.console;
    if (!access) throw new Error(`${route.url} has no console access rule`);
    if (access.scope === 'public') continue;
    const schema = (route.schema ?? {}) as Record<string, ZodType | undefined>;
    const schemas: RouteSchemas = {};
    for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
      const value = schema[part];
      if (value) schemas[part] = value;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      out.push({ method: method as Method, url: route.url, access, schemas, name: `${method} ${route.url}` });
    }
  }
  return out;
}

/** Every table the console can write (the pass tables and the server's own), as md5s of their rows. */
const TABLE_KEYS = [...TABLE_NAMES, ...Object.keys(SERVER_TABLES)] as const;
const ALL_TABLES: Record<string, PgTable> = { ...TABLES, ...SERVER_TABLES };

/**
 * Tables a refused console call may still write: better-auth's session rows and rate-limit counters (the
 * session lookup of a signed-in call), which are bookkeeping of the caller, not a change of the console.
 */
const BOOKKEEPING = new Set(['console_sessions', 'console_rate_limits']);

export async function consoleDigest(db: DbExecutor): Promise<Record<string, string>> {
  const query = sql.join(
    TABLE_KEYS.filter((name) => !BOOKKEEPING.has(name)).map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${ALL_TABLES[name]} as x`,
    ),
    sql` union all `,
  );
  const rows = await queryRows<{ name: string; digest: string }>(db, query);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

export function changedIn(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
