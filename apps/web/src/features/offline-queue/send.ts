import {
  API_VERSION,
  API_VERSION_HEADER,
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  LANGUAGE_HEADER,
  TOKEN_HEADER,
} from '@trailpass/contract';
import type { QueuedCall } from './db';

/** The server decided (a success or a refusal such as a wrong PIN), or the call must be tried again later. */
export type SendOutcome = { kind: 'answered'; status: number; body: unknown } | { kind: 'retry' };

async function jsonOf(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isInProgress(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    typeof body.error === 'object' &&
    body.error !== null &&
    'message' in body.error &&
    body.error.message === IDEMPOTENCY_IN_PROGRESS_MESSAGE
  );
}

/**
 * Sends a queued call as the page would have (api-client's headers), with its Idempotency-Key. Kept for a
 * later try: no connection, a 5xx, a 429, and the 409 that says the first send of this key is still being
 * answered (the page and the worker replaying at once). Any other answer is the server's decision.
 */
export async function sendCall(call: QueuedCall, fetcher: typeof fetch): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetcher(call.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [API_VERSION_HEADER]: API_VERSION,
        [TOKEN_HEADER]: call.token,
        [IDEMPOTENCY_KEY_HEADER]: call.key,
        ...(call.language ? { [LANGUAGE_HEADER]: call.language } : {}),
      },
      body: JSON.stringify(call.body),
    });
  } catch {
    return { kind: 'retry' };
  }
  const body = await jsonOf(response);
  if (response.status >= 500 || response.status === 429) return { kind: 'retry' };
  if (response.status === 409 && isInProgress(body)) return { kind: 'retry' };
  return { kind: 'answered', status: response.status, body };
}
