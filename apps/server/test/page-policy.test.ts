import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../src/db/schema';
import { api, createTestApp, makeFakeWebDist, type TestApp, TOKENS } from './helpers';

/** The app's policy, as every response had it before translation snippets (plugins/security.ts). */
const APP_POLICY =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';connect-src 'self';manifest-src 'self';worker-src 'self';" +
  "media-src 'self' https:";

/** The policy of the pages of an offer with a translation snippet: Bablic's CDN added in three places. */
const BABLIC_POLICY = APP_POLICY.replace("script-src 'self';", "script-src 'self' https://cdn2.bablic.com;")
  .replace("'unsafe-inline';", "'unsafe-inline' https://cdn2.bablic.com;")
  .replace("connect-src 'self';", "connect-src 'self' https://cdn2.bablic.com;");

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  t = await createTestApp({ webDist });
  // The demo has no snippet (it must work on a closed network): Ava's Rewards pass gets one here, and
  // Harper's offer an id of the wrong shape, which is never used.
  await t.database.db.update(offers).set({ bablic_snippet: 'Ab12Cd34' }).where(eq(offers.id, 102));
  await t.database.db.update(offers).set({ bablic_snippet: 'x.js?y=' }).where(eq(offers.id, 103));
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const policyOf = (res: { headers: Record<string, unknown> }) => res.headers['content-security-policy'];

describe('the page policy of a pass (decision 0020)', () => {
  it('checks the policies against the app as it is', async () => {
    expect(policyOf(await get('/pass/api/health'))).toBe(APP_POLICY);
    expect(BABLIC_POLICY).toContain("script-src 'self' https://cdn2.bablic.com;");
    expect(BABLIC_POLICY.match(/cdn2\.bablic\.com/g)).toHaveLength(3);
  });

  it("allows Bablic's CDN on every HTML page of an offer with a snippet", async () => {
    for (const url of [
      `/pass/experiences?t=${TOKENS.avaRewards}`,
      `/pass/rewards?dealId=201&t=${TOKENS.avaRewards}`,
      `/pass/?t=${TOKENS.avaRewards}`,
      `/pass/index.html?t=${TOKENS.avaRewards}`,
    ]) {
      for (const encoding of ['br', 'identity']) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(policyOf(res), `${url} ${encoding}`).toBe(BABLIC_POLICY);
        // The rest of the security headers stay as they are.
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    }
  });

  it("keeps the app's policy on the pages of other offers, an ill-formed snippet and unknown tokens", async () => {
    for (const url of [
      `/pass/experiences?t=${TOKENS.avaBrew}`,
      `/pass/experiences?t=${TOKENS.harperCheckin}`,
      // An unregistered link has no offer.
      `/pass/signup?t=${TOKENS.unregVenue301}`,
      '/pass/experiences?t=no-such-token',
      `/pass/experiences?t=${'x'.repeat(300)}`,
      '/pass/experiences',
      `/pass/experiences?t=${TOKENS.avaRewards}&t=${TOKENS.avaRewards}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(policyOf(res), url).toBe(APP_POLICY);
    }
  });

  it("keeps the app's policy on every other response, whatever the token", async () => {
    const query = `?t=${TOKENS.avaRewards}`;
    const responses = [
      await api(t.app, 'GET', '/data', TOKENS.avaRewards),
      await get(`/pass/api/data${query}`, { 'X-Pass-Api-Version': '1' }),
      await get(`/pass/api/manifest.webmanifest?o=102&t=${TOKENS.avaRewards}`),
      await get(`/pass/api/docs/${query}`),
      await get(`/pass/media/tee.svg${query}`),
      await get(`/pass/assets/index-abc123.js${query}`),
      await get(`/pass/sw.js${query}`),
      await get(`/pass/assets/missing.js${query}`),
      await get(`/${query}`),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      expect(policyOf(res), `${res.statusCode} ${res.headers['content-type']}`).toBe(APP_POLICY);
    }
  });

  it('sends Ava the snippet id in /data, which the page turns into the script URL', async () => {
    const res = await api(t.app, 'GET', '/data', TOKENS.avaRewards);
    expect(res.json().offer.bablic_snippet).toBe('Ab12Cd34');
  });
});
