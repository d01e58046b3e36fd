import { API_VERSION, API_VERSION_HEADER, TOKEN_HEADER } from '@trailpass/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db/client';
import { hashToken } from '../db/tokens';
import type { PassSession } from '../modules/sessions/repository';
import { findSessionByTokenHash } from '../modules/sessions/repository';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from './errors';
import { requestToken } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the pass token resolved to; set on every authenticated /pass/api route. */
    passSession: PassSession | null;
    /**
     * The SHA-256 hash of the request's pass token, on a route whose own query looks the session up
     * (`sessionLookup: 'route'`); null elsewhere.
     */
    passTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * `optional`: the route also answers requests without X-Pass-Api-Version (for URLs a browser fetches
     * by itself, such as a web manifest link). A version that is present must still be 1.
     */
    apiVersionHeader?: 'required' | 'optional';
    /**
     * `route`: the route reads the session in its own query, by `request.passTokenHash`, and answers 401
     * itself when no session has that hash (routeSession). A hot read saves a round trip that way
     * (decision 0023, round three); it reads the session row in the same statement as everything else,
     * so a sign-out or replaced session still shows on the very next request. Default `hook`.
     */
    sessionLookup?: 'hook' | 'route';
  }
}

/** Longer than any token we issue; anything longer is refused before hashing or a lookup. */
const MAX_TOKEN_LENGTH = 256;

function checkApiVersion(request: FastifyRequest): void {
  const value = request.headers[API_VERSION_HEADER.toLowerCase()];
  if (value === undefined) {
    if (request.routeOptions.config.apiVersionHeader === 'optional') return;
    throw badRequest(`Missing ${API_VERSION_HEADER} header: send ${API_VERSION_HEADER}: ${API_VERSION}.`);
  }
  if (value !== API_VERSION) {
    const shown = Array.isArray(value) ? value.join(', ') : value;
    throw badRequest(
      `Unsupported API version "${shown.slice(0, 20)}" in ${API_VERSION_HEADER}: this server speaks version ${API_VERSION}.`,
    );
  }
}

/**
 * Every route registered in `scope` needs X-Pass-Api-Version: 1 (400 otherwise) and a known pass token
 * from X-Pass-Token or ?t= (401 otherwise); the token's session is put on `request.passSession`.
 */
export function registerSession(scope: FastifyInstance, db: DbExecutor): void {
  scope.decorateRequest('passSession', null);
  scope.decorateRequest('passTokenHash', null);
  scope.addHook('onRequest', async (request) => {
    checkApiVersion(request);
    const token = requestToken(request);
    if (token === undefined) {
      throw unauthorized(`Missing pass token: send the ${TOKEN_HEADER} header or the t query parameter.`);
    }
    if (token.length > MAX_TOKEN_LENGTH) throw unknownToken();
    const tokenHash = hashToken(token);
    if (request.routeOptions.config.sessionLookup === 'route') {
      request.passTokenHash = tokenHash;
      return;
    }
    const session = await findSessionByTokenHash(db, tokenHash);
    if (!session) throw unknownToken();
    request.passSession = session;
  });
}

function unknownToken(): ApiError {
  return unauthorized('Unknown pass token. Open the pass from its link again.');
}

/**
 * On a `sessionLookup: 'route'` route: the token hash to look the session up by, in the route's own query.
 */
export function tokenHashOf(request: FastifyRequest): string {
  if (request.passTokenHash === null) {
    throw new ApiError(500, 'internal', 'Token hash missing on a route that reads its own session.');
  }
  return request.passTokenHash;
}

/** The rate limiter's headers (@fastify/rate-limit's defaults). */
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/**
 * On a `sessionLookup: 'route'` route: what its query found with the session (null: no session has the
 * token, 401 as the hook would answer). The session is also put on `request.passSession`, for whatever
 * runs after the handler.
 *
 * The hook refuses an unknown token before the rate limiter's own hook runs, so its 401 carries no
 * counters; here the limiter has run, so its headers are taken off to give the same answer. (It has
 * counted the request, under the unknown token's key, which no holder uses.)
 */
export function routeSession<T extends { session: PassSession }>(
  request: FastifyRequest,
  reply: FastifyReply,
  found: T | null,
): T {
  if (!found) {
    for (const header of RATE_LIMIT_HEADERS) reply.removeHeader(header);
    throw unknownToken();
  }
  request.passSession = found.session;
  return found;
}

/** The request's session; only for routes inside the session scope. */
export function sessionOf(request: FastifyRequest): PassSession {
  if (!request.passSession) throw new ApiError(500, 'internal', 'Session missing on an authenticated route.');
  return request.passSession;
}

/** A session with a signed-in pass holder on an offer: whom a /partnerUser/{id} route acts for. */
export type HolderSession = PassSession & { partnerUserId: number; offerId: number };

/**
 * The session of a /partnerUser/{id} route (DESIGN.md section 4). A preview or unregistered-link session
 * gets 403: it is no pass holder, whatever the id. Otherwise `id` must be the signed-in user and `offerId`
 * (when the route takes one) the session's offer, else 404 with one message, so that nobody learns whether
 * another user or offer exists. A signed-out session has no user, so every id is 404 for it too: it is
 * signed in to nobody rather than unauthenticated (401 is for a missing or unknown token).
 */
export function holderSession(request: FastifyRequest, ids: { id: number; offerId?: number }): HolderSession {
  const session = sessionOf(request);
  if (session.isPreview || session.isUnregisteredLink) {
    throw forbidden('A preview or check-in link has no pass holder to do this for.');
  }
  const { partnerUserId, offerId } = session;
  if (partnerUserId === null || offerId === null || ids.id !== partnerUserId) throw notFound();
  if (ids.offerId !== undefined && ids.offerId !== offerId) throw notFound();
  return { ...session, partnerUserId, offerId };
}
