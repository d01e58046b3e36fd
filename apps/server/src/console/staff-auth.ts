import { createHmac, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, roleAtLeast, STAFF_ROLES, type StaffRole } from '@trailpass/contract/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './context';
import { csrfRefused, forbidden, notFound, unauthenticated } from './errors';
import { findStaffUser, offerScope, partnerScope, type ScopeRow, type StaffUser } from './staff/repository';

/**
 * What a console route declares in its `config.console`, which the staff-auth plugin enforces before the
 * handler runs. A route registered without it is refused at start-up, so a route cannot forget the check.
 * - `public`: no session (better-auth's own routes and the API's 404 only: PUBLIC_ROUTES).
 * - `session`: any signed-in staff member (the session answer).
 * - `partner`, `offer`, `holder`: the object named by the path's `partnerId`, `offerId` (and `holderId`, a
 *   holder of that offer) must belong to a partner the caller works for (else 404, so that ids do not
 *   leak), with at least `minRole` there (else 403). A provider admin works for every partner.
 */
export type ConsoleAccess =
  | { scope: 'public' }
  | { scope: 'session' }
  | { scope: 'partner' | 'offer' | 'holder'; minRole: StaffRole };

/** The object a route acts on, as the plugin checked it. */
export interface ConsoleScope {
  partnerId: number;
  offerId: number | null;
  holderId: number | null;
  role: StaffRole;
}

/** The signed-in staff member of a request. */
export interface ConsoleStaff extends StaffUser {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every console route's access rule (console/staff-auth.ts). */
    console?: ConsoleAccess;
  }
  interface FastifyRequest {
    consoleStaff: ConsoleStaff | null;
    consoleScope: ConsoleScope | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token of a session: an HMAC of its id under the console secret (no state to keep). */
export function csrfTokenOf(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`console-csrf:${sessionId}`).digest('base64url');
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The staff-auth plugin of every /console/api route (issue 30 item 3): call it on the console's scope before
 * any route. It refuses a route without `config.console` at registration, a `public` one whose URL is not in
 * `publicUrls`; per request it resolves the better-auth session (401), checks the CSRF token of every
 * unsafe method (403 CSRF), then the declared scope (404, 403).
 */
export function registerStaffAuth(
  scope: FastifyInstance,
  context: ConsoleContext,
  publicUrls: ReadonlySet<string>,
): void {
  scope.decorateRequest('consoleStaff', null);
  scope.decorateRequest('consoleScope', null);
  scope.addHook('onRoute', (route) => {
    const access = route.config?.console;
    if (!access) throw new Error(`console route ${route.url} declares no config.console access rule`);
    if (access.scope === 'public' && !publicUrls.has(route.url)) {
      throw new Error(`console route ${route.url} may not be public`);
    }
  });
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.console;
    if (!access) throw new Error('a console route without an access rule');
    if (access.scope === 'public') return;
    const staff = await resolveStaff(request, context);
    if (!staff) throw unauthenticated();
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, csrfTokenOf(context.secret, staff.sessionId))) {
        throw csrfRefused();
      }
    }
    request.consoleStaff = staff;
  });
  // After validation, so that the ids are the contract's numbers.
  scope.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.console;
    if (!access || access.scope === 'public' || access.scope === 'session') return;
    request.consoleScope = await checkScope(request, context, access);
  });
}

async function resolveStaff(request: FastifyRequest, context: ConsoleContext): Promise<ConsoleStaff | null> {
  if (!request.headers.cookie) return null;
  const headers = new Headers();
  headers.set('cookie', request.headers.cookie);
  const found = await context.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return null;
  const user = await findStaffUser(context.db, found.user.id);
  return user ? { ...user, sessionId: found.session.id } : null;
}

async function checkScope(
  request: FastifyRequest,
  context: ConsoleContext,
  access: { scope: 'partner' | 'offer' | 'holder'; minRole: StaffRole },
): Promise<ConsoleScope> {
  const staff = request.consoleStaff;
  if (!staff) throw unauthenticated();
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = (name: string): number => {
    const value = params[name];
    if (typeof value !== 'number') throw new Error(`console route without a numeric ${name} parameter`);
    return value;
  };
  let row: ScopeRow | null;
  let offerId: number | null = null;
  let holderId: number | null = null;
  if (access.scope === 'partner') {
    row = await partnerScope(context.db, staff.id, id('partnerId'));
  } else {
    offerId = id('offerId');
    holderId = access.scope === 'holder' ? id('holderId') : null;
    row = await offerScope(context.db, staff.id, offerId, holderId);
    if (row && access.scope === 'holder' && !row.holdsOffer) throw notFound();
  }
  if (!row) throw notFound();
  const role = staff.isProviderAdmin ? 'provider_admin' : asRole(row.role);
  // Someone else's partner: the same answer as no such object.
  if (role === null) throw notFound();
  if (!roleAtLeast(role, access.minRole)) throw forbidden();
  return { partnerId: row.partnerId, offerId, holderId, role };
}

function asRole(value: string | null): StaffRole | null {
  return value !== null && (STAFF_ROLES as readonly string[]).includes(value) ? (value as StaffRole) : null;
}

/** The staff member of a route behind the plugin. */
export function staffOf(request: FastifyRequest): ConsoleStaff {
  if (!request.consoleStaff) throw new Error('console staff missing on a signed-in route');
  return request.consoleStaff;
}

/** The checked scope of a `partner`, `offer` or `holder` route. */
export function scopeOf(request: FastifyRequest): ConsoleScope {
  if (!request.consoleScope) throw new Error('console scope missing on a scoped route');
  return request.consoleScope;
}
