import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../src/db/schema';
import { api, createTestApp, makeFakeWebDist, passHeaders, type TestApp, TOKENS } from '../helpers';

/**
 * The exact headers of every kind of answer (issue 10, DESIGN.md section 5): the names as a set, so that
 * a header gained or lost fails, and every value exactly (the few that change per request by their form).
 * Written out here rather than built from plugins/security.ts, so that a change there shows up here.
 */

/** The app's policy: scripts from our origin only, no inline script, no plugins, no framing. */
const APP_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';manifest-src 'self';worker-src 'self';" +
  "media-src 'self' https:";

/** The pages of an offer with a translation snippet (decision 0020): Bablic's CDN in three directives. */
const BABLIC_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: https:;object-src 'none';script-src 'self' https://cdn2.bablic.com;" +
  "script-src-attr 'none';style-src 'self' 'unsafe-inline' https://cdn2.bablic.com;" +
  "connect-src 'self' https://cdn2.bablic.com;manifest-src 'self';worker-src 'self';media-src 'self' https:";

/** What helmet sends on every answer, with the policy of the app. */
const SECURITY = {
  'content-security-policy': APP_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // The token is in the page URL: no Referer to any site.
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const DIGITS = /^\d+$/;

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Headers every answer has: the security set, the date, the connection and the exact body length. */
function common(res: Response) {
  return {
    ...SECURITY,
    date: expect.stringMatching(HTTP_DATE),
    connection: 'keep-alive',
    'content-length': String(res.rawPayload.length),
  };
}

/** A file of the web build or media, as @fastify/static sends it. */
function file(res: Response, contentType: string, cacheControl: string) {
  return {
    ...common(res),
    'content-type': contentType,
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag: expect.stringMatching(/^W\/"[0-9a-f]+-[0-9a-f]+"$/),
    'last-modified': expect.stringMatching(HTTP_DATE),
  };
}

/** A file of the web build: chosen by Accept-Encoding among its .br and .gz siblings. */
function builtFile(res: Response, contentType: string, cacheControl: string, encoding?: 'br' | 'gzip') {
  return {
    ...file(res, contentType, cacheControl),
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  };
}

const API_PER_MINUTE = 10_000;
const LOGIN_PER_MINUTE = 2;

/** An API answer counted by the rate limiter: 10,000 calls a minute here, and 2 logins. */
function rateLimit(limit = API_PER_MINUTE) {
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': expect.stringMatching(DIGITS),
    'x-ratelimit-reset': expect.stringMatching(DIGITS),
  };
}
const RATE_LIMIT = rateLimit();

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  t = await createTestApp({
    webDist,
    rateLimit: { apiPerMinute: API_PER_MINUTE, loginPerMinute: LOGIN_PER_MINUTE },
  });
  // Ava's Rewards pass gets a translation snippet (the demo has none), as in page-policy.test.ts.
  await t.database.db.update(offers).set({ bablic_snippet: 'Ab12Cd34' }).where(eq(offers.id, 102));
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function expectHeaders(res: Response, expected: Record<string, unknown>) {
  expect(res.headers, `${res.statusCode} ${res.body.slice(0, 120)}`).toEqual(expected);
  // No framework or server banner.
  expect(res.headers).not.toHaveProperty('x-powered-by');
  expect(res.headers).not.toHaveProperty('server');
}

describe('the headers of an HTML page', () => {
  const page = (res: Response, encoding?: 'br' | 'gzip') =>
    builtFile(res, 'text/html; charset=utf-8', 'no-cache', encoding);
  /** A page sent with its holder's first answers (decision 0026): made for this request, never stored. */
  const pageWithAnswers = (res: Response, encoding?: 'br' | 'gzip') => ({
    ...common(res),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Compressed by the app's compress plugin, which names Vary only when it compressed.
    ...(encoding ? { vary: 'accept-encoding', 'content-encoding': encoding } : {}),
  });

  it('/pass/, with and without a token, plain and compressed', async () => {
    for (const url of ['/pass/', `/pass/?t=${TOKENS.avaBrew}`, '/pass/index.html']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expectHeaders(plain, page(plain));
      const br = await get(url, { 'accept-encoding': 'br, gzip' });
      expectHeaders(br, page(br, 'br'));
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expectHeaders(gzip, page(gzip, 'gzip'));
    }
  });

  it('a deep link (the history fallback), with and without a token and with an unknown one', async () => {
    for (const url of ['/pass/experiences', '/pass/experiences?t=no-such-token']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expectHeaders(res, page(res, 'br'));
    }
    for (const url of [
      `/pass/experiences/deal/201/product/504?t=${TOKENS.avaBrew}`,
      `/pass/login?t=${TOKENS.guestBrew}`,
      `/pass/signup?t=${TOKENS.unregVenue301}`,
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expectHeaders(res, pageWithAnswers(res, 'br'));
    }
  });

  it('a page of an offer with a translation snippet: only the policy differs', async () => {
    for (const url of [`/pass/?t=${TOKENS.avaRewards}`, `/pass/rewards?t=${TOKENS.avaRewards}`]) {
      for (const encoding of [undefined, 'br'] as const) {
        const res = await get(url, encoding ? { 'accept-encoding': encoding } : {});
        expect(res.statusCode, url).toBe(200);
        const expected = url.startsWith('/pass/?') ? page(res, encoding) : pageWithAnswers(res, encoding);
        expectHeaders(res, { ...expected, 'content-security-policy': BABLIC_POLICY });
      }
    }
  });
});

describe('the headers of the API', () => {
  it('a JSON answer: never stored, rate-limit counters, compressed when asked', async () => {
    const plain = await api(t.app, 'GET', '/data', TOKENS.avaBrew);
    expect(plain.statusCode).toBe(200);
    expectHeaders(plain, {
      ...common(plain),
      ...RATE_LIMIT,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    // The same answer with the token in the query, br-compressed as a browser asks for it.
    const br = await get(`/pass/api/data?t=${TOKENS.avaRewards}`, {
      ...passHeaders(undefined),
      'accept-encoding': 'br, gzip, deflate',
    });
    expect(br.statusCode).toBe(200);
    expectHeaders(br, {
      ...common(br),
      ...RATE_LIMIT,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'content-encoding': 'br',
      vary: 'accept-encoding',
    });
    // The public health check: not rate limited, no cache header.
    const health = await get('/pass/api/health');
    expectHeaders(health, { ...common(health), 'content-type': 'application/json; charset=utf-8' });
  });

  it('the web app manifest of a pass', async () => {
    const res = await get(`/pass/api/manifest.webmanifest?o=102&t=${TOKENS.avaRewards}`);
    expect(res.statusCode).toBe(200);
    expectHeaders(res, {
      ...common(res),
      ...RATE_LIMIT,
      'content-type': 'application/manifest+json; charset=utf-8',
      'cache-control': 'no-cache',
    });
  });

  it('an error answer: the one error shape with the security headers, never stored', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    // Refused by validation: counted by the login limit.
    const invalid = await api(t.app, 'POST', '/login', TOKENS.avaBrew, { payload: { mail: 1 } });
    expect(invalid.statusCode).toBe(400);
    expectHeaders(invalid, { ...common(invalid), ...rateLimit(LOGIN_PER_MINUTE), ...json });
    // Refused by the session check, which runs before the rate limiter's hook (so no counters).
    const unknownToken = await api(t.app, 'GET', '/data', 'no-such-token');
    expect(unknownToken.statusCode).toBe(401);
    expectHeaders(unknownToken, { ...common(unknownToken), ...json });
    // No such route or file: the one 404, never cached as the file.
    for (const url of ['/pass/api/no-such-call', '/pass/assets/missing-1.js', '/pass/media/missing.png']) {
      const missing = await get(url, { 'accept-encoding': 'br' });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
      expectHeaders(missing, { ...common(missing), ...json });
    }
  });

  it('a URL refused before routing (it does not decode, a segment is too long): the same headers', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
    const undecodable = await get('/pass/api/partnerUser/%E0%A4%A/orders/1');
    expect(undecodable.statusCode).toBe(400);
    expectHeaders(undecodable, { ...common(undecodable), ...json });
    // With the web app served, its catch-all route takes the long segment (a 404); without it the router
    // refuses it (security/regressions.test.ts). Either way, the same headers.
    const tooLong = await get(`/pass/api/partnerUser/${'é'.repeat(300)}/orders/1`);
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expectHeaders(tooLong, { ...common(tooLong), ...json });
  });

  it('a refusal by the rate limiter: the counters and Retry-After', async () => {
    const login = () =>
      api(t.app, 'POST', '/login', TOKENS.harperCheckin, { payload: { email: 'nobody@example.com' } });
    for (let attempt = 1; attempt <= LOGIN_PER_MINUTE; attempt++)
      expect((await login()).statusCode).toBe(404);
    const res = await login();
    expect(res.statusCode).toBe(429);
    expectHeaders(res, {
      ...common(res),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-ratelimit-limit': String(LOGIN_PER_MINUTE),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': expect.stringMatching(DIGITS),
      'retry-after': expect.stringMatching(DIGITS),
    });
  });
});

describe('the headers of files', () => {
  it('a media file: an hour in any cache, compressed on the fly when it is text', async () => {
    const plain = await get('/pass/media/tee.svg');
    expect(plain.statusCode).toBe(200);
    expectHeaders(plain, file(plain, 'image/svg+xml', 'public, max-age=3600'));
    const br = await get('/pass/media/tee.svg', { 'accept-encoding': 'br' });
    const { 'content-length': _length, ...streamed } = file(br, 'image/svg+xml', 'public, max-age=3600');
    expectHeaders(br, {
      ...streamed,
      'content-encoding': 'br',
      vary: 'accept-encoding',
      'transfer-encoding': 'chunked',
    });
  });

  it('a built asset: a year, immutable (its name changes with its content)', async () => {
    for (const encoding of [undefined, 'br', 'gzip'] as const) {
      const res = await get('/pass/assets/index-abc123.js', encoding ? { 'accept-encoding': encoding } : {});
      expect(res.statusCode).toBe(200);
      expectHeaders(
        res,
        builtFile(
          res,
          'application/javascript; charset=utf-8',
          'public, max-age=31536000, immutable',
          encoding,
        ),
      );
    }
  });

  it('sw.js and the manifest of the build: always revalidated', async () => {
    const sw = await get('/pass/sw.js', { 'accept-encoding': 'br' });
    expectHeaders(sw, builtFile(sw, 'application/javascript; charset=utf-8', 'no-cache', 'br'));
    const manifest = await get('/pass/manifest.webmanifest');
    expectHeaders(manifest, builtFile(manifest, 'application/manifest+json', 'no-cache'));
  });

  it('the redirect from the site root to the app', async () => {
    const res = await get(`/?t=${TOKENS.avaBrew}`);
    expect(res.statusCode).toBe(302);
    expectHeaders(res, { ...common(res), location: `/pass/?t=${TOKENS.avaBrew}` });
  });
});
