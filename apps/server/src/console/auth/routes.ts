import { AUTH_PATHS, CONSOLE_AUTH_BASE, type ConsoleError } from '@trailpass/contract/console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleContext } from '../context';
import { csrfRefused } from '../errors';
import { CLIENT_IP_HEADER } from './auth';
import { clearFailures, lockedUntil, recordFailure } from './lockout';

/**
 * better-auth's routes under /console/api/auth/* (sign-in, sign-out, password reset, TOTP): the Fastify
 * request is handed to `auth.handler` as a Web Request and its Response copied back. Around the sign-in the
 * route keeps the account lockout (lockout.ts): a locked address is refused before better-auth checks the
 * password, and better-auth's "wrong e-mail or password" counts a failure.
 */
export async function authRoutes(scope: FastifyInstance, context: ConsoleContext): Promise<void> {
  scope.route({
    method: ['GET', 'POST'],
    url: `${CONSOLE_AUTH_BASE}/*`,
    config: { console: { scope: 'public' } },
    schema: { hide: true },
    handler: async (request, reply) => {
      if (request.method !== 'GET' && !sameOrigin(request)) throw csrfRefused();
      const url = requestUrl(request);
      // The path as better-auth will route it (dot segments resolved by the same URL parser), so that no
      // spelling of the sign-in path reaches it without the lockout.
      const signIn = request.method === 'POST' && url.pathname === AUTH_PATHS.signIn;
      const email = signIn ? emailOf(request.body) : null;
      if (email !== null) {
        const until = await lockedUntil(context.db, email, context.now());
        if (until) return sendLocked(reply, until, context.now());
      }
      const response = await context.auth.handler(toWebRequest(request, url));
      if (email !== null && response.status === 401) {
        const until = await recordFailure(context.db, email, context.now(), context.lockout);
        if (until) return sendLocked(reply, until, context.now());
      } else if (email !== null && response.ok) {
        await clearFailures(context.db, email);
      }
      return sendWebResponse(request, reply, response);
    },
  });
}

/**
 * Whether an unsafe call comes from a page of this server: its Origin, when the browser sent one, must be
 * the origin the request reached (better-auth checks this only for calls that carry a cookie, which leaves
 * the sign-in open to a cross-site form). A client that is no browser sends no Origin and has no cookie a
 * forged page could use.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}`;
}

function emailOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() !== '' && email.length <= 254 ? email : null;
}

function sendLocked(reply: FastifyReply, until: Date, now: Date): FastifyReply {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  const body: ConsoleError = {
    code: 'LOCKED',
    message:
      `This account is locked after too many wrong passwords. Try again in ${minutes} ` +
      `minute${minutes === 1 ? '' : 's'}, or reset the password.`,
  };
  return reply.code(423).header('cache-control', 'no-store').send(body);
}

/** The URL as the client used it, on the origin the request reached. */
function requestUrl(request: FastifyRequest): URL {
  return new URL(request.url, `${request.protocol}://${request.host}`);
}

/** The request as better-auth takes it: its URL, its headers, its JSON body. */
function toWebRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/**
 * better-auth's answer as Fastify's. Its cookies get `Secure` when the request came over TLS (better-auth
 * decides that once, from its base URL; the app decides it per request, behind the proxy it trusts).
 */
async function sendWebResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length') return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) {
    const secure = request.protocol === 'https';
    reply.header(
      'set-cookie',
      cookies.map((cookie) => (secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie)),
    );
  }
  reply.header('cache-control', 'no-store');
  const text = await response.text();
  if (response.status === 429) {
    const body: ConsoleError = {
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    };
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  }
  return reply.send(text === '' ? undefined : text);
}
