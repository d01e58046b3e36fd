import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyKey,
} from '@trailpass/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbExecutor } from '../../db/client';
import { IDEMPOTENCY_PENDING } from '../../db/schema';
import { conflict, unprocessable } from '../../plugins/errors';
import {
  EXPIRED_KEYS_PER_CLAIM,
  IDEMPOTENCY_RETENTION_MS,
  isStoredStatus,
  PENDING_CLAIM_TIMEOUT_MS,
  requestHash,
} from './domain';
import {
  claimKey,
  deleteExpiredKeys,
  findKey,
  type KeyClaim,
  releaseKey,
  storeAnswer,
  takeOverKey,
} from './repository';

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/**
 * The route's `schema.headers`: validates a key that is sent (400 in the route's error shape otherwise)
 * and documents the header in the OpenAPI document. Loose, so every other header is left as it is.
 */
export const idempotencyKeyHeaders = z.looseObject({
  [HEADER]: idempotencyKey
    .optional()
    .describe(
      'A new random key (a UUID) per action, sent again with every retry of it. A repeat of an answered ' +
        `request is answered with the first answer and ${IDEMPOTENT_REPLAY_HEADER}: true, acting on nothing.`,
    ),
});

/** For the route's OpenAPI description. */
export const IDEMPOTENCY_RULES =
  `With an ${IDEMPOTENCY_KEY_HEADER} header (optional; scoped to the signed-in holder, kept at least 24 ` +
  'hours), a repeat of the same request is answered with the first answer (2xx, 400, 404, 409 or 422) and ' +
  `${IDEMPOTENT_REPLAY_HEADER}: true; the key with another body or call is 422 ("${IDEMPOTENCY_KEY_REUSED_MESSAGE}"), ` +
  `and while the first is still running 409 ("${IDEMPOTENCY_IN_PROGRESS_MESSAGE}"). A 429 or 5xx is not kept: ` +
  'retrying with the key runs the request again.';

/** The key each request of this process holds, until its answer is stored or the claim released. */
const claims = new WeakMap<FastifyRequest, KeyClaim>();

/**
 * Keeps the request's 200 answer for its key inside the transaction that acts (call it last in that
 * transaction), so that the action and its answer commit together. Kept only in onSend, a process killed
 * between the commit and onSend leaves the key pending over an action that was done; a minute later a retry
 * takes the claim over and acts again (a second use of a ticket with uses left) or is refused as if someone
 * else had acted. A rollback undoes this too, and onSend then keeps the refusal or releases the key. Does
 * nothing for a request that holds no key.
 */
export async function keepAnswerInTransaction(
  tx: DbExecutor,
  request: FastifyRequest,
  body: unknown,
): Promise<void> {
  const claim = claims.get(request);
  if (claim) await storeAnswer(tx, claim, { status: 200, body });
}

/**
 * Route hooks that make a route idempotent per `Idempotency-Key` (decision 0019). Spread them into the
 * route's options and add `idempotencyKeyHeaders` to its schema. The scope is the session's partner
 * user: a session without one is answered as if no key had been sent (such a route refuses it anyway).
 *
 * preHandler: claims the key (pending) before the handler acts; a key with an answer is replayed, one with
 * another request is 422, one still pending is 409 unless its claim is older than a minute (a request that
 * died), which is taken over. onSend (before compression): keeps the answer (a 200 already kept by
 * keepAnswerInTransaction stays as it is), or releases the key.
 */
export function idempotentRoute(context: AppContext) {
  const { db } = context;

  async function preHandler(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[HEADER];
    const partnerUserId = request.passSession?.partnerUserId ?? null;
    if (typeof key !== 'string' || partnerUserId === null) return;
    const hash = requestHash({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      params: request.params,
      body: request.body,
    });
    // A key released between our insert and our read is claimed again; twice more is plenty.
    for (let round = 0; round < 3; round++) {
      const now = context.now();
      const claim: KeyClaim = { partnerUserId, key, claimedAt: now };
      if (await claimKey(db, { ...claim, requestHash: hash })) {
        claims.set(request, claim);
        await deleteExpiredKeys(
          db,
          new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS),
          EXPIRED_KEYS_PER_CLAIM,
        );
        return;
      }
      const stored = await findKey(db, claim);
      if (!stored) continue;
      if (stored.request_hash !== hash) throw unprocessable(IDEMPOTENCY_KEY_REUSED_MESSAGE);
      if (stored.status === IDEMPOTENCY_PENDING) {
        const abandoned = stored.created_at.getTime() <= now.getTime() - PENDING_CLAIM_TIMEOUT_MS;
        if (abandoned && (await takeOverKey(db, claim, stored.created_at))) {
          claims.set(request, claim);
          return;
        }
        throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE);
      }
      request.log.info({ partnerUserId, status: stored.status }, 'idempotent request replayed');
      reply
        .code(Number(stored.status))
        .header(IDEMPOTENT_REPLAY_HEADER, 'true')
        .header('cache-control', 'no-store');
      return reply.send(stored.response);
    }
    throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE);
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const body = storableBody(payload);
    if (isStoredStatus(reply.statusCode) && body !== NOT_STORABLE) {
      await storeAnswer(db, claim, { status: reply.statusCode, body });
    } else {
      await releaseKey(db, claim);
    }
    return payload;
  }

  return { preHandler, onSend };
}

const NOT_STORABLE = Symbol('not storable');

/** The serialized JSON answer as a value to keep; anything else (a stream, a buffer) is not kept. */
function storableBody(payload: unknown): unknown {
  if (payload === null || payload === undefined || payload === '') return null;
  if (typeof payload !== 'string') return NOT_STORABLE;
  try {
    return JSON.parse(payload);
  } catch {
    return NOT_STORABLE;
  }
}
