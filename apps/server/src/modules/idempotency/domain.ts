import { createHash } from 'node:crypto';

/** A claim still pending after this long belongs to a request that died (a crash): it may be taken over. */
export const PENDING_CLAIM_TIMEOUT_MS = 60_000;
/** Keys are kept at least this long; older ones are deleted as new keys come in. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60_000;
/** How many expired keys one new key deletes: enough to keep up, small enough to stay cheap. */
export const EXPIRED_KEYS_PER_CLAIM = 20;

/**
 * Answers that are decisions and are kept for the key: every 2xx, and the refusals a retry would only
 * repeat (400, 404, 409, 422; a wrong code is 422, so its replay counts no second attempt). Not 429 nor
 * 5xx: the claim is released and a later retry really runs.
 */
export function isStoredStatus(status: number): boolean {
  return (status >= 200 && status < 300) || [400, 404, 409, 422].includes(status);
}

/** JSON with every object's keys sorted, so that the same body hashes the same whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** What a key is bound to: the method, the route, its path parameters and the body (SHA-256, hex). */
export function requestHash(request: {
  method: string;
  route: string;
  params: unknown;
  body: unknown;
}): string {
  const text = [
    request.method,
    request.route,
    canonicalJson(request.params ?? {}),
    canonicalJson(request.body ?? null),
  ];
  return createHash('sha256').update(text.join('\n')).digest('hex');
}
