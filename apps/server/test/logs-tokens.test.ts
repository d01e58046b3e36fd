import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactTokenInUrl } from '../src/plugins/logging';
import { api, createTestApp, makeFakeWebDist, type TestApp, TOKENS } from './helpers';

/**
 * Tokens never reach the log (DESIGN.md section 5): the calls a pass makes, and a few it should not,
 * with tokens in the query, the header, bodies and paths, and no line may hold one, however encoded.
 */

/** A token made up by a caller: unknown to the server, with characters that change when URL-encoded. */
const MADE_UP = 'made-up token+/=?&é';

/** Every form a token may take in a line: as is, URL-encoded, and JSON-escaped (a line is JSON). */
function formsOf(token: string): string[] {
  return [...new Set([token, encodeURIComponent(token), JSON.stringify(token).slice(1, -1)])];
}

function decoded(line: string): string {
  try {
    return decodeURIComponent(line);
  } catch {
    return line;
  }
}

/** The lines that hold one of the tokens, in any of its forms, also once the line is URL-decoded. */
function linesWithTokens(lines: readonly string[], tokens: readonly string[]): string[] {
  const forms = tokens.flatMap(formsOf);
  return lines.filter((line) => forms.some((form) => line.includes(form) || decoded(line).includes(form)));
}

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  // A low login limit, so that the fourth attempt below is refused by the rate limiter.
  t = await createTestApp({ webDist, rateLimit: { apiPerMinute: 10_000, loginPerMinute: 3 } });
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('redactTokenInUrl', () => {
  it('replaces the t parameter, however its name is written, and keeps the rest', () => {
    expect(redactTokenInUrl('/pass/experiences?t=abc&dealId=201')).toBe(
      `/pass/experiences?t=${REDACTED}&dealId=201`,
    );
    expect(redactTokenInUrl('/pass/?x=1&%74=abc&T=def&t=&t')).toBe(
      `/pass/?x=1&%74=${REDACTED}&T=${REDACTED}&t=${REDACTED}&t`,
    );
    expect(redactTokenInUrl('/pass/api/data')).toBe('/pass/api/data');
    expect(redactTokenInUrl('/pass/api/partnerUser/1001/orders/9103?offerId=101')).toBe(
      '/pass/api/partnerUser/1001/orders/9103?offerId=101',
    );
  });

  it('replaces a path segment, query name or value shaped like a token (24+ URL-safe characters)', () => {
    const token = TOKENS.noahEmpty;
    expect(redactTokenInUrl(`/pass/${token}`)).toBe(`/pass/${REDACTED}`);
    // From 24 characters, the shortest a token can be; shorter segments are kept.
    expect(redactTokenInUrl(`/pass/${'a'.repeat(24)}/x`)).toBe(`/pass/${REDACTED}/x`);
    expect(redactTokenInUrl(`/pass/${'a'.repeat(23)}/x`)).toBe(`/pass/${'a'.repeat(23)}/x`);
    expect(redactTokenInUrl(`/${token}`)).toBe(`/${REDACTED}`);
    expect(redactTokenInUrl(`/pass/api/x/${encodeURIComponent(token).replace('d', '%64')}/y`)).toBe(
      `/pass/api/x/${REDACTED}/y`,
    );
    expect(redactTokenInUrl(`/?token=${token}&${token}=1&${token}`)).toBe(
      `/?token=${REDACTED}&${REDACTED}=1&${REDACTED}`,
    );
    // Files of the build and media keep their names: a dot is never part of a token.
    expect(redactTokenInUrl('/pass/assets/use-pass-head-links-Bx9Zk2aQ.js')).toBe(
      '/pass/assets/use-pass-head-links-Bx9Zk2aQ.js',
    );
    expect(redactTokenInUrl('/pass/a%E0%A4%A/b?q=%E0%A4%A')).toBe('/pass/a%E0%A4%A/b?q=%E0%A4%A');
  });
});

describe('the log', () => {
  it('finds a token in a line, as is, URL-encoded or escaped (so the test below can fail)', () => {
    const lines = [
      `{"msg":"request completed","req":{"url":"/pass/?t=${TOKENS.avaBrew}"}}`,
      `{"url":"/pass/?t=${encodeURIComponent(MADE_UP)}"}`,
      `{"url":"/pass/?t=%64${TOKENS.noahEmpty.slice(1)}"}`,
      `{"body":${JSON.stringify({ token: MADE_UP })}}`,
      `{"url":"/pass/?t=${REDACTED}"}`,
    ];
    expect(linesWithTokens(lines, [TOKENS.avaBrew, TOKENS.noahEmpty, MADE_UP])).toEqual(lines.slice(0, 4));
  });

  it('holds no token after the calls of a visit, refusals, errors and a rate limit', async () => {
    const used: string[] = [
      TOKENS.avaBrew,
      TOKENS.avaRewards,
      TOKENS.guestBrew,
      TOKENS.samStaff,
      TOKENS.noahEmpty,
      TOKENS.harperCheckin,
      TOKENS.previewVenue,
      TOKENS.previewProduct,
      MADE_UP,
    ];
    const statuses: Record<string, number> = {};
    const call = async (name: string, response: Promise<{ statusCode: number }>) => {
      statuses[name] = (await response).statusCode;
    };

    // Opening a pass link: the redirect from the site root and the page, the token in the query.
    await call('root redirect', get(`/?t=${TOKENS.guestBrew}`));
    await call('page', get(`/pass/?t=${TOKENS.guestBrew}`));
    await call('deep link', get(`/pass/experiences/deal/201?t=${encodeURIComponent(TOKENS.avaRewards)}`));
    await call('manifest', get(`/pass/api/manifest.webmanifest?o=101&t=${TOKENS.avaBrew}`));
    // /data with the token in the query, %-encoded, and in the header.
    await call('data ?t=', get(`/pass/api/data?t=${TOKENS.avaRewards}`, { 'X-Pass-Api-Version': '1' }));
    await call(
      'data ?%74=',
      get(`/pass/api/data?x=1&%74=${TOKENS.avaRewards}`, { 'X-Pass-Api-Version': '1' }),
    );
    await call('data header', api(t.app, 'GET', '/data', TOKENS.avaBrew));
    await call('data unknown token', api(t.app, 'GET', '/data', MADE_UP));
    await call(
      'data unknown ?t=',
      get(`/pass/api/data?t=${encodeURIComponent(MADE_UP)}`, { 'X-Pass-Api-Version': '1' }),
    );
    // Login on Noah's link (with his e-mail, then with a token in the e-mail) and logout; a login on
    // the signed-out link, whichever way the server answers it.
    await call(
      'login',
      api(t.app, 'POST', '/login', TOKENS.noahEmpty, { payload: { email: 'noah@example.com' } }),
    );
    await call(
      'login with a token in the e-mail',
      api(t.app, 'POST', '/login', TOKENS.noahEmpty, {
        payload: { email: `${TOKENS.noahEmpty}@example.com` },
      }),
    );
    await call('logout', api(t.app, 'POST', '/logout', TOKENS.noahEmpty));
    // A visitor of the public link gets a token of their own (decision 0022), signs in with it and reads.
    const minted = await api(t.app, 'POST', '/sessions/visitor', TOKENS.guestBrew);
    statuses['visitor session'] = minted.statusCode;
    const visitorToken = String(minted.json().token);
    used.push(visitorToken);
    await call(
      'visitor login',
      api(t.app, 'POST', '/login', visitorToken, { payload: { email: 'ava@example.com' } }),
    );
    await call('visitor data ?t=', get(`/pass/api/data?t=${visitorToken}`, { 'X-Pass-Api-Version': '1' }));
    await call(
      'login on the signed-out link',
      api(t.app, 'POST', '/login', TOKENS.guestBrew, { payload: { email: 'ava@example.com' } }),
    );
    // A redeem with a wrong PIN, and a preview redeem.
    await call(
      'wrong PIN',
      api(t.app, 'POST', '/partnerUser/1001/redeem', TOKENS.avaBrew, {
        payload: { partnerUserId: 1001, orderProductIds: [9311], pinNumber: '0000' },
      }),
    );
    await call(
      'preview redeem',
      api(t.app, 'POST', '/preview/redeem', TOKENS.previewVenue, {
        payload: { orderProductIds: [9311], pinNumber: '0000' },
      }),
    );
    // An error report whose texts hold tokens.
    await call(
      'error report',
      api(t.app, 'POST', '/events/error', TOKENS.samStaff, {
        payload: {
          name: `TypeError ${TOKENS.samStaff}`,
          message: `Failed to fetch /pass/api/data?t=${TOKENS.samStaff}`,
          stack: `at load (/pass/assets/index.js?t=${TOKENS.avaBrew}:1:2) X-Pass-Token: ${TOKENS.samStaff}`,
          url: `/pass/experiences?t=${TOKENS.samStaff}`,
          route_name: 'Experiences',
          release: TOKENS.samStaff,
          session_device_id: 'sess-2b7f9c41d0',
          local_device_id: 'local_8e31a6c5f27d',
        },
      }),
    );
    // A body that is refused: invalid JSON and an unknown key, each holding a token.
    await call(
      'invalid JSON',
      api(t.app, 'POST', '/login', TOKENS.previewProduct, {
        payload: `{"email":"${TOKENS.previewProduct}`,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await call(
      'unknown key',
      api(t.app, 'POST', '/login', TOKENS.previewProduct, {
        payload: { email: 'harper@example.com', token: TOKENS.previewProduct },
      }),
    );
    // 404s with the token in the URL: the query, a path of the API, a missing file and a path segment.
    await call('404 api ?t=', get(`/pass/api/no-such-call?t=${TOKENS.noahEmpty}`));
    await call('404 api header', api(t.app, 'GET', `/no-such-call/${TOKENS.noahEmpty}`, TOKENS.noahEmpty));
    await call('404 file', get(`/pass/assets/missing-1.js?t=${TOKENS.noahEmpty}`));
    await call('404 media', get(`/pass/media/${TOKENS.noahEmpty}?t=${TOKENS.noahEmpty}`));
    await call('404 site', get(`/${TOKENS.noahEmpty}?token=${TOKENS.noahEmpty}`));
    await call('page at a token path', get(`/pass/${TOKENS.noahEmpty}`));
    await call(
      '404 of another user',
      api(t.app, 'GET', '/partnerUser/1002/orders?offerId=101', TOKENS.avaBrew),
    );
    // Logins until the rate limiter refuses one (the limit is 3 a minute per token and address).
    for (let attempt = 1; attempt <= 4; attempt++) {
      await call(
        `login ${attempt}`,
        api(t.app, 'POST', `/login?t=${TOKENS.harperCheckin}`, TOKENS.harperCheckin, {
          payload: { email: 'nobody@example.com' },
        }),
      );
    }

    expect(statuses).toMatchObject({
      'root redirect': 302,
      page: 200,
      'deep link': 200,
      manifest: 200,
      'data ?t=': 200,
      'data ?%74=': 200,
      'data header': 200,
      'data unknown token': 401,
      'data unknown ?t=': 401,
      login: 200,
      'login with a token in the e-mail': 404,
      logout: 200,
      'visitor session': 200,
      'visitor login': 200,
      'visitor data ?t=': 200,
      'wrong PIN': 422,
      'error report': 204,
      'invalid JSON': 400,
      'unknown key': 400,
      '404 api ?t=': 404,
      '404 api header': 404,
      '404 file': 404,
      '404 media': 404,
      '404 site': 404,
      'page at a token path': 200,
      '404 of another user': 404,
      'login 1': 404,
      'login 3': 404,
      'login 4': 429,
    });
    // The log is on and has one line for each request, and for each API read a page made for its first
    // answers (decision 0026: the deep link's /data and its deal's assignment), written as it was answered
    // (issue 28: Fastify's "incoming request" line is gone); the URLs in it have the token replaced.
    const lines = t.logs.lines;
    const requestLines = lines.filter((line) => line.includes('"request completed"'));
    expect(requestLines.length).toBe(Object.keys(statuses).length + 2);
    expect(lines.filter((line) => line.includes('"incoming request"'))).toEqual([]);
    const page = requestLines
      .map((line) => JSON.parse(line))
      .find((line) => line.url === `/pass/?t=${REDACTED}`);
    expect(page).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      reqId: expect.any(String),
      method: 'GET',
      url: `/pass/?t=${REDACTED}`,
      route: '/pass/*',
      remoteAddress: '127.0.0.1',
      statusCode: 200,
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(lines.some((line) => line.includes(`"url":"/pass/api/data?x=1&%74=${REDACTED}"`))).toBe(true);
    expect(linesWithTokens(lines, used)).toEqual([]);
  });

  it('holds no token when a request fails on our side (the error is logged)', async () => {
    const broken = await createTestApp({ importDemo: false });
    try {
      await broken.database.close();
      const byQuery = await broken.app.inject({
        method: 'GET',
        url: `/pass/api/data?t=${TOKENS.avaBrew}`,
        headers: { 'X-Pass-Api-Version': '1' },
      });
      const byHeader = await api(broken.app, 'POST', '/login', TOKENS.guestBrew, {
        payload: { email: 'ava@example.com' },
      });
      expect([byQuery.statusCode, byHeader.statusCode]).toEqual([500, 500]);
      const failed = broken.logs.lines.filter((line) => line.includes('"request failed"'));
      expect(failed).toHaveLength(2);
      expect(linesWithTokens(broken.logs.lines, [TOKENS.avaBrew, TOKENS.guestBrew])).toEqual([]);
      // Each error line came through its request's own logger (made when it logged, decision 0036): the
      // request's id is bound to it, the id of that request's own line.
      const completedIds = broken.logs.lines
        .filter((line) => line.includes('"request completed"'))
        .map((line) => JSON.parse(line) as { reqId: string; statusCode: number })
        .filter((line) => line.statusCode === 500)
        .map((line) => line.reqId);
      const failedIds = failed.map((line) => (JSON.parse(line) as { reqId?: string }).reqId);
      expect(failedIds).toEqual(completedIds);
      expect(new Set(failedIds).size).toBe(2);
    } finally {
      await broken.app.close();
      await rm(broken.dataDir, { recursive: true, force: true });
    }
  });
});

describe("a request's own logger (decision 0036)", () => {
  it('is not made for a request that logs nothing through it', async () => {
    // The request lines' logger is made once, by the first line.
    expect((await get('/pass/api/nope')).statusCode).toBe(404);
    const child = vi.spyOn(t.app.log, 'child');
    try {
      expect((await get('/pass/api/nope')).statusCode).toBe(404);
      expect((await api(t.app, 'GET', '/data', TOKENS.avaBrew)).statusCode).toBe(200);
      // Both were answered and have their lines; neither made a logger of its own.
      expect(child).not.toHaveBeenCalled();
    } finally {
      child.mockRestore();
    }
  });
});
