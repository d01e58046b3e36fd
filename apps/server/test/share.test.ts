import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../src/db/schema';
import { SHARE_TEXT_MAX, shareText, shareUrl } from '../src/modules/share/domain';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const share = (token: string, userId: number | string, query: string) =>
  api(t.app, 'GET', `/partnerUser/${userId}/share?${query}`, token);

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

const ALL_TOKENS = Object.values(TOKENS);

describe('GET /partnerUser/{id}/share (spec 7, Share)', () => {
  it('shares the offer: its name, a sentence of its description and its public sign-up page', async () => {
    const res = await share(TOKENS.avaBrew, 1001, 'offerId=101');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Lakeshore Brew Trail',
      text: 'Sip your way along the shore: check in at craft breweries and a cider house, earn trail points and trade them for trail gear.',
      // The demo's signup_url has no scheme; a share sheet needs an absolute address.
      url: 'https://visitlakeshore.example/brew-trail',
    });
  });

  it('shares a deal of the offer by its name and short description, with the offer’s sign-up page', async () => {
    const res = await share(TOKENS.avaBrew, 1001, 'offerId=101&dealId=201');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: 'Brew Trail Passport',
      text: 'Check in, earn points, claim trail gear.',
      url: 'https://visitlakeshore.example/brew-trail',
    });
    const harper = (await share(TOKENS.harperCheckin, 1004, 'offerId=103&dealId=205')).json();
    expect(harper).toEqual({
      title: 'Harbor Town Check-In',
      text: 'Harbor Town landmarks.',
      url: 'https://harbortown.example/check-in',
    });
  });

  it('never puts a pass link or token into the share', async () => {
    for (const [token, id, query] of [
      [TOKENS.avaBrew, 1001, 'offerId=101'],
      [TOKENS.avaBrew, 1001, `offerId=101&dealId=203&t=${TOKENS.avaBrew}`],
      [TOKENS.samStaff, 1002, 'offerId=101&dealId=201'],
    ] as const) {
      const res = await share(token, id, query);
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of ALL_TOKENS) expect(res.body).not.toContain(secret);
      const url = new URL(res.json().url);
      expect(url.searchParams.has('t')).toBe(false);
      expect(url.pathname.startsWith('/pass')).toBe(false);
    }
  });

  it('answers url null when the offer has no sign-up page', async () => {
    await t.database.db.update(offers).set({ signup_url: null }).where(eq(offers.id, 101));
    try {
      const res = await share(TOKENS.avaBrew, 1001, 'offerId=101');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toBeNull();
    } finally {
      await t.database.db
        .update(offers)
        .set({ signup_url: 'visitlakeshore.example/brew-trail' })
        .where(eq(offers.id, 101));
    }
  });

  it('answers 404 for a deal of another offer, an unknown deal, another offer or another user', async () => {
    const messages = new Set<string>();
    for (const [token, id, query] of [
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=204'], // Ava holds 102 too, but this pass is 101
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=205'],
      [TOKENS.avaBrew, 1001, 'offerId=101&dealId=999999'],
      [TOKENS.avaBrew, 1001, 'offerId=102'],
      [TOKENS.avaBrew, 1002, 'offerId=101'],
      [TOKENS.harperCheckin, 1001, 'offerId=101'],
      [TOKENS.guestBrew, 1001, 'offerId=101'],
    ] as const) {
      messages.add(expectError(await share(token, id, query), 404, 'not_found').message);
    }
    expect(messages.size).toBe(1);
  });

  it('answers 403 in preview and on an unregistered link, 401 without a known token', async () => {
    expectError(await share(TOKENS.previewProduct, 1001, 'offerId=101'), 403, 'forbidden');
    expectError(await share(TOKENS.previewDealProduct, 1001, 'offerId=101&dealId=201'), 403, 'forbidden');
    expectError(await share(TOKENS.unregVenue301, 1001, 'offerId=101'), 403, 'forbidden');
    expectError(await share('no-such-token', 1001, 'offerId=101'), 401, 'unauthorized');
  });

  it('needs offerId and rejects unknown parameters', async () => {
    expect(
      expectError(await share(TOKENS.avaBrew, 1001, ''), 400, 'invalid_input').fields?.offerId,
    ).toBeDefined();
    expect(
      expectError(await share(TOKENS.avaBrew, 1001, 'offerId=101&url=x'), 400, 'invalid_input').fields?.url,
    ).toBe('Unknown field.');
  });
});

describe('share text and address', () => {
  it('makes an absolute http(s) address, or none', () => {
    expect(shareUrl('visitlakeshore.example/brew-trail')).toBe('https://visitlakeshore.example/brew-trail');
    expect(shareUrl('//example.com/x')).toBe('https://example.com/x');
    expect(shareUrl(' https://harbortown.example/check-in ')).toBe('https://harbortown.example/check-in');
    expect(shareUrl('http://example.com')).toBe('http://example.com/');
    expect(shareUrl('javascript:alert(1)')).toBeNull();
    expect(shareUrl('mailto:a@example.com')).toBeNull();
    expect(shareUrl('')).toBeNull();
    expect(shareUrl(null)).toBeNull();
  });

  it('takes the first paragraph of the first description that has text, without markup, shortened', () => {
    expect(shareText([null, '  \n\nFirst line.\nSecond line.', 'Offer.'], 'x')).toBe('First line.');
    expect(shareText(['<p>Tap <b>here</b>\tnow</p>'], 'x')).toBe('Tap here now');
    expect(shareText([null, '', undefined], 'Have a look.')).toBe('Have a look.');
    const long = shareText([`${'word '.repeat(100)}end`], 'x');
    expect(long.length).toBeLessThanOrEqual(SHARE_TEXT_MAX);
    expect(long).toMatch(/^word( word)*…$/);
  });
});
