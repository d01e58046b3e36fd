import { z } from 'zod';

/**
 * A client-generated key per attempt of a call that changes something (the redeem and check-in calls).
 * A check-in made offline is queued and sent again when the connection returns, possibly more than
 * once (the page and the service worker may both replay it): the server answers a repeat of a key with
 * the first answer instead of acting again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that repeats the stored first answer of its key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** 16 to 128 URL-safe characters: a UUID (36) fits, and a guessable counter does not. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const IDEMPOTENCY_KEY_INVALID_MESSAGE = 'Must be 16 to 128 letters, digits, - or _ (a UUID fits).';
export const idempotencyKey = z.string().regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_INVALID_MESSAGE);

/** 422: the key was already used for a different request (another body or another call). */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This request key was already used for a different request.';
/** 409: the first request with this key is still being answered; send it again in a moment. */
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'This request is still being processed. Try again in a moment.';
