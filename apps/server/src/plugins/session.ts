import { API_VERSION, API_VERSION_HEADER, TOKEN_HEADER } from '@trailpass/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  }
  interface FastifyContextConfig {
    /**
     * `optional`: the route also answers requests without X-Pass-Api-Version (for URLs a browser fetches
     * by itself, such as a web manifest link). A version that is present must still be 1.
     */
    apiVersionHeader?: 'required' | 'optional';
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
  scope.addHook('onRequest', async (request) => {
    checkApiVersion(request);
    const token = requestToken(request);
    if (token === undefined) {
      throw unauthorized(`Missing pass token: send the ${TOKEN_HEADER} header or the t query parameter.`);
    }
    const session =
      token.length <= MAX_TOKEN_LENGTH ? await findSessionByTokenHash(db, hashToken(token)) : null;
    if (!session) throw unauthorized('Unknown pass token. Open the pass from its link again.');
    request.passSession = session;
  });
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
