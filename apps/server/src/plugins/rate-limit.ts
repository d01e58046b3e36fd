import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { LOST_LINK_LIMIT, LOST_LINK_WINDOW_MS, TOKEN_HEADER } from '@trailpass/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface RateLimitSettings {
  /** Requests per minute for one token from one address, on every authenticated API route. */
  apiPerMinute?: number;
  /** Login attempts per minute for one token from one address (DESIGN.md section 5). */
  loginPerMinute?: number;
  /** Suggestions, Need Help requests and phone updates per minute, each, for one token from one address. */
  accountWritesPerMinute?: number;
  /**
   * Visitor sessions one address may mint per minute from public links (decision 0022): minting creates a
   * row without authentication. Per address only, as the public token is the same for everyone.
   */
  visitorSessionsPerMinute?: number;
  /** "Lost your pass link?" requests per hour from one address (issue 29; LOST_LINK_LIMIT). */
  lostLinksPerHour?: number;
  /** Validation-code tries per order product or pickup per window (redeem/domain.ts). */
  pinAttemptsPerTarget?: number;
  /** Validation-code tries by one holder at one venue per window, across everything they hold there. */
  pinAttemptsPerUserVenue?: number;
  /**
   * A shared store (an ioredis client) so that every instance behind a load balancer counts together;
   * without it the counters live in this process's memory.
   */
  redis?: unknown;
}

export const DEFAULT_API_PER_MINUTE = 600;
export const DEFAULT_LOGIN_PER_MINUTE = 10;
export const DEFAULT_ACCOUNT_WRITES_PER_MINUTE = 10;
/** Generous, as many phones can share one address (carrier NAT, a venue's Wi-Fi) when a link is posted. */
export const DEFAULT_VISITOR_SESSIONS_PER_MINUTE = 60;

/** The pass token of a request, from the X-Pass-Token header or the t query parameter. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER.toLowerCase()];
  if (typeof header === 'string' && header !== '') return header;
  const query = request.query as Record<string, unknown> | undefined;
  const t = query?.t;
  if (typeof t === 'string' && t !== '') return t;
  return undefined;
}

/** Counter key: a short hash of the token (never the token itself, which may end up in Redis) and the address. */
export function tokenAndAddressKey(request: FastifyRequest): string {
  const token = requestToken(request) ?? '';
  const tokenKey = createHash('sha256').update(token).digest('base64url').slice(0, 22);
  return `${tokenKey}|${request.ip}`;
}

/** Route config for a login-like route: fewer attempts, counted per token and address. */
export function loginRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.loginPerMinute ?? DEFAULT_LOGIN_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: tokenAndAddressKey,
    groupId: 'login',
  };
}

/**
 * Route config for a holder's write that stores a message for people to read or changes their record
 * (suggestions, Need Help, phone update): a person sends a few, a script thousands. Counted per route,
 * token and address.
 */
export function accountWriteRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.accountWritesPerMinute ?? DEFAULT_ACCOUNT_WRITES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: tokenAndAddressKey,
  };
}

/** Route config for minting visitor sessions from a public link: counted per address alone. */
export function visitorSessionRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.visitorSessionsPerMinute ?? DEFAULT_VISITOR_SESSIONS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => request.ip,
    groupId: 'visitor-session',
  };
}

/**
 * Route config for "Lost your pass link?" (issue 29): LOST_LINK_LIMIT an hour per address, as it may send
 * e-mail without authentication (the service also counts per e-mail, in the outbox).
 */
export function lostLinkRateLimit(settings: RateLimitSettings) {
  return {
    max: settings.lostLinksPerHour ?? LOST_LINK_LIMIT,
    timeWindow: LOST_LINK_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => request.ip,
    groupId: 'lost-link',
  };
}

/** Rate limits for every route registered in `scope` (call it inside the API scope, before the routes). */
export async function registerRateLimit(scope: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    max: settings.apiPerMinute ?? DEFAULT_API_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: tokenAndAddressKey,
    nameSpace: 'trailpass-rl:',
    // A broken shared store must not take the API down with it.
    skipOnError: true,
    ...(settings.redis ? { redis: settings.redis } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'rate_limited', `Too many requests. Please try again in ${context.after}.`),
  });
}
