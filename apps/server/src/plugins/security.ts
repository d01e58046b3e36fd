import { BABLIC_SCRIPT_ORIGIN, bablicScriptUrl } from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { DbExecutor } from '../db/client';
import { offers, sessions } from '../db/schema';
import { hashToken } from '../db/tokens';

/**
 * Content-Security-Policy for the built Vite + MUI app: scripts only from our origin (no inline scripts;
 * the service worker registration is a file), styles from our origin plus inline style tags because
 * emotion injects them at run time, images also as data: URIs and from https (partner media may be remote).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  mediaSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain-http local runs (npm start, e2e) must not be upgraded; TLS is terminated in front in production.
  upgradeInsecureRequests: null,
};

/**
 * The policy of the pages of an offer with a translation snippet (spec 3, Offer bablic_snippet; decision
 * 0020): the one above with Bablic's CDN added where its snippet needs it, and nowhere else. script-src
 * for the snippet itself and the scripts it loads from there; style-src for the stylesheet of its
 * language switcher; connect-src for the translations it fetches. No inline script or eval is allowed,
 * and its flag images are already allowed (https:). Only that offer's pages send it (applyPagePolicy).
 */
export const BABLIC_PAGE_CSP_DIRECTIVES = {
  ...CSP_DIRECTIVES,
  scriptSrc: [...CSP_DIRECTIVES.scriptSrc, BABLIC_SCRIPT_ORIGIN],
  styleSrc: [...CSP_DIRECTIVES.styleSrc, BABLIC_SCRIPT_ORIGIN],
  connectSrc: [...CSP_DIRECTIVES.connectSrc, BABLIC_SCRIPT_ORIGIN],
};

/** Longer than any token we issue (as plugins/session.ts): not worth hashing or looking up. */
const MAX_TOKEN_LENGTH = 256;

/** The translation snippet of the offer of the session a page token opens; null for anything else. */
async function bablicSnippetOfToken(db: DbExecutor, token: string): Promise<string | null> {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({ snippet: offers.bablic_snippet })
    .from(sessions)
    .innerJoin(offers, eq(offers.id, sessions.offer_id))
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1);
  return row?.snippet ?? null;
}

/**
 * Gives an HTML page of the app the policy of the pass its `t` query token opens: the Bablic one when
 * that offer has a well-formed translation snippet, else the app's policy as set for every response.
 * One query per page load; an unknown token just keeps the app's policy (the app shows its own error).
 */
export async function applyPagePolicy(db: DbExecutor, token: unknown, reply: FastifyReply): Promise<void> {
  if (typeof token !== 'string') return;
  if (bablicScriptUrl(await bablicSnippetOfToken(db, token)) === null) return;
  // Written over the app's policy, which onRequest set on the same answer.
  reply.headers(BABLIC_PAGE_HEADERS);
}

const HEADERS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: true, directives: CSP_DIRECTIVES },
  // The token is in the page URL: never send it to another site in a Referer header.
  referrerPolicy: { policy: 'no-referrer' },
  // As frame-ancestors 'none': no page of the pass in a frame, also in browsers without CSP level 2.
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet's middleware sets with `options`, by lower-case name: it is run once, here, on a
 * response that only records them. With these options no header depends on the request (no policy is a
 * function), so every answer gets the same ones.
 *
 * Why not helmet on every answer: its twelve middleware set each header on Node's response (checked,
 * lower-cased and stored there), and a response with any header set that way makes Node take the slow way
 * for Fastify's own headers too (each through setHeader again). That was about 14 % of a logged 404's busy
 * time (decision 0036, "Helmet's headers from a table, ..."). From a table, they go on as Fastify's headers and
 * are written with them in one pass.
 */
function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By: helmet removes it; Node and Fastify never set it.
    removeHeader() {},
  };
  let nextCalled = false;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      if (error) throw error;
      nextCalled = true;
    },
  );
  // helmet calls on synchronously; a middleware that did not would leave the table short.
  if (!nextCalled) throw new Error('helmet did not finish synchronously: its headers cannot be a table');
  return Object.freeze(headers);
}

/** Every answer's security headers (DESIGN.md section 5). */
const APP_SECURITY_HEADERS = helmetHeaders(HEADERS);
/** The same on the pages of an offer with a translation snippet: only the policy differs. */
const BABLIC_PAGE_HEADERS = helmetHeaders({
  ...HEADERS,
  contentSecurityPolicy: { useDefaults: true, directives: BABLIC_PAGE_CSP_DIRECTIVES },
});

/** The app's security headers on one answer. */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers(APP_SECURITY_HEADERS);
}

/**
 * Helmet's headers on every answer (DESIGN.md section 5), errors and 404s included; the refusals made
 * before routing set them in plugins/errors.ts frameworkErrors, as no hook runs for those.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply);
    done();
  });
}
