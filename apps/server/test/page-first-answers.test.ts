import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  API_VERSION,
  API_VERSION_HEADER,
  type AssignmentResponse,
  BOOT_READS_ELEMENT_ID,
  type DataResponse,
  TOKEN_HEADER,
} from '@trailpass/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { offers } from '../src/db/schema';
import { compressionThread } from '../src/plugins/compression';
import { jsonForHtml } from '../src/plugins/page-reads';
import { createTestApp, makeFakeWebDist, type TestApp, TOKENS } from './helpers';

// Decision 0026: a page's first answers (GET /data and the page's own first reads) are sent with the page.

/** Every module type of the app's registry, each with a chunk of its own in this fake build. */
const MODULE_TYPES = [
  'Audio',
  'DashboardFields',
  'DashboardImage',
  'DashboardItemCards',
  'DashboardItems',
  'DashboardItemCategoryList',
  'DashboardPerks',
  'DashboardProductTickets',
  'DashboardVenueList',
  'DashboardVenueCategoryList',
  'DealInfo',
  'Greeting',
  'Html',
  'HtmlEditor',
  'ImageShowcase',
  'ItemCards',
  'ItemVenueListGrid',
  'ItemVenueList',
  'MoreInfo',
  'OpeningHours',
  'OfferCards',
  'Products',
  'ProductInfo',
  'VenueInfo',
  'VenueLinks',
  'Video',
];

const BUILD_HINTS = {
  routes: [
    { path: '/experiences', files: ['/pass/assets/ThemedShell-1.js', '/pass/assets/ExperiencesPage-1.js'] },
    { path: '/rewards', files: ['/pass/assets/ThemedShell-1.js', '/pass/assets/RewardsPage-1.js'] },
  ],
  moduleTypes: {
    ...Object.fromEntries(MODULE_TYPES.map((type) => [type, [`/pass/assets/${type}-1.js`]])),
    // A module chunk can import what the page's own list names already: it is named once.
    ImageShowcase: ['/pass/assets/ImageShowcase-1.js', '/pass/assets/ThemedShell-1.js'],
  },
};

const NOW = new Date('2026-11-24T09:00:00.000Z');

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await makeFakeWebDist();
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(path.join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(BUILD_HINTS));
  t = await createTestApp({ now: NOW, webDist });
});

afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

/** The page as a browser asks for it. */
function page(app: FastifyInstance, url: string, remoteAddress?: string) {
  return app.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The API answer the app would have fetched itself: path and query under /pass/api, the token as a header. */
function apiAnswer(app: FastifyInstance, token: string, key: string) {
  return app.inject({
    method: 'GET',
    url: `/pass/api${key}`,
    headers: { [TOKEN_HEADER]: token, [API_VERSION_HEADER]: API_VERSION },
  });
}

const BOOT_SCRIPT = new RegExp(
  `<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">([^<]*)</script>`,
);

/** The embedded script's raw text, or null when the page has none. */
function bootText(html: string): string | null {
  return BOOT_SCRIPT.exec(html)?.[1] ?? null;
}

interface Boot {
  sentAt: number;
  reads: Record<string, { at: number; body: unknown }>;
}

/** One embedded answer's body (the test fails when it is not there). */
function embedded<T>(html: string, key: string): T {
  const read = boot(html).reads[key];
  expect(read, key).toBeDefined();
  return read?.body as T;
}

function boot(html: string): Boot {
  const text = bootText(html);
  expect(text, 'the page embeds its first answers').not.toBeNull();
  return JSON.parse(text ?? '') as Boot;
}

/**
 * The page embeds exactly these reads, and each one is, byte for byte, the API's own answer to the same call
 * (made now, on the same fixed clock).
 */
async function expectEmbeds(html: string, token: string, keys: string[]) {
  const text = bootText(html) ?? '';
  expect(Object.keys(boot(html).reads)).toEqual(keys);
  for (const key of keys) {
    const direct = await apiAnswer(t.app, token, key);
    expect(direct.statusCode, key).toBe(200);
    expect(text, key).toContain(`${jsonForHtml(JSON.stringify(key))}:{"at":`);
    expect(text, key).toContain(`"body":${jsonForHtml(direct.body)}}`);
    expect(boot(html).reads[key]?.body, key).toEqual(direct.json());
  }
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
const imagePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map(
    (match) => match[1],
  );

const AVA_EXPERIENCES =
  '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101';

describe('a page sent with its first answers', () => {
  it('embeds exactly GET /data and Ava’s Experiences assignment, and is never stored', async () => {
    const res = await page(t.app, `/pass/experiences?t=${TOKENS.avaBrew}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    await expectEmbeds(res.body, TOKENS.avaBrew, ['/data', AVA_EXPERIENCES]);
    // At the end of the body, after the first paint's markup; the answers' times are the server's.
    expect(res.body.indexOf(`id="${BOOT_READS_ELEMENT_ID}"`)).toBeGreaterThan(
      res.body.indexOf('<div id="root">'),
    );
    const { sentAt, reads } = boot(res.body);
    expect(sentAt).toBeGreaterThanOrEqual(reads['/data']?.at ?? Number.POSITIVE_INFINITY);
  });

  it('asks its first answers in the language of ?lang= on the link (decision 0049), else as the API would', async () => {
    const spanish = await page(t.app, `/pass/experiences?t=${TOKENS.avaRewards}&lang=es`);
    expect(spanish.statusCode).toBe(200);
    const reads = boot(spanish.body).reads;
    expect(embedded<DataResponse>(spanish.body, '/data').offer?.name).toBe('Recompensas Lakeshore');
    const pageRead = Object.entries(reads).find(([key]) => key.includes('/modules/assignment/'));
    expect(JSON.stringify(pageRead?.[1].body)).toContain('Cómo funcionan los puntos');
    // An unknown ?lang= is no language: the answers are the API's own, in English here.
    const odd = await page(t.app, `/pass/experiences?t=${TOKENS.avaRewards}&lang=xx`);
    expect(embedded<DataResponse>(odd.body, '/data').offer?.name).toBe('Lakeshore Rewards');
  });

  it('names the first screen’s module code and the hero picture in the head', async () => {
    const res = await page(t.app, `/pass/experiences?t=${TOKENS.avaBrew}`);
    const assignment = embedded<AssignmentResponse>(res.body, AVA_EXPERIENCES);
    // Ava's Experiences opens with a Greeting and an ImageShowcase: the first screen's two blocks.
    expect(assignment.modules.slice(0, 2).map((module) => module.type)).toEqual([
      'Greeting',
      'ImageShowcase',
    ]);
    expect(modulePreloads(res.body)).toEqual([
      '/pass/assets/ThemedShell-1.js',
      '/pass/assets/ExperiencesPage-1.js',
      '/pass/assets/Greeting-1.js',
      '/pass/assets/ImageShowcase-1.js',
    ]);
    const showcase = assignment.modules.find((module) => module.type === 'ImageShowcase');
    const heroId = (showcase?.data.media as number[] | undefined)?.[0];
    const hero = assignment.data.media.find((item) => item.id === heroId)?.url;
    expect(hero).toMatch(/^\/pass\/media\//);
    expect(imagePreloads(res.body)).toEqual([hero]);
    expect(res.body.indexOf('rel="preload" as="image"')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('embeds a venue page’s assignment, with the page’s deal, and names its first screen', async () => {
    const res = await page(t.app, `/pass/experiences/deal/201/venue/302?t=${TOKENS.avaBrew}`);
    const key =
      '/partnerUser/1001/modules/assignment/venue/assignmentId/302/location/pass?offerId=101&dealId=201';
    await expectEmbeds(res.body, TOKENS.avaBrew, ['/data', key]);
    // Driftwood's page opens with an ImageShowcase and VenueInfo; no route hints for DealVenue in this build.
    expect(modulePreloads(res.body)).toEqual([
      '/pass/assets/ImageShowcase-1.js',
      '/pass/assets/ThemedShell-1.js',
      '/pass/assets/VenueInfo-1.js',
    ]);
    expect(imagePreloads(res.body)).toHaveLength(1);
  });

  it('names the default layout’s code for a venue without an assignment, and no hero', async () => {
    const res = await page(t.app, `/pass/experiences/venue/303?t=${TOKENS.avaBrew}`);
    const key = '/partnerUser/1001/modules/assignment/venue/assignmentId/303/location/pass?offerId=101';
    await expectEmbeds(res.body, TOKENS.avaBrew, ['/data', key]);
    expect(embedded<AssignmentResponse>(res.body, key).assignment).toBeNull();
    expect(modulePreloads(res.body)).toEqual([
      '/pass/assets/VenueInfo-1.js',
      '/pass/assets/OpeningHours-1.js',
    ]);
    expect(imagePreloads(res.body)).toEqual([]);
  });

  it('embeds Rewards’ points and catalogue of the deal the page shows', async () => {
    const res = await page(t.app, `/pass/rewards?t=${TOKENS.avaBrew}`);
    const data = (await apiAnswer(t.app, TOKENS.avaBrew, '/data')).json() as DataResponse;
    // Brew Trail is gamified: the page shows the first rewards deal (the latest points_valid_until).
    expect(data.offer?.use_points).toBe(false);
    await expectEmbeds(res.body, TOKENS.avaBrew, [
      '/data',
      '/partnerUser/1001/points/current?offerId=101&dealId=201',
      '/partnerUser/1001/rewards?offerId=101&dealId=201',
    ]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(imagePreloads(res.body)).toEqual([]);
    expect(modulePreloads(res.body)).toEqual([
      '/pass/assets/ThemedShell-1.js',
      '/pass/assets/RewardsPage-1.js',
    ]);

    const chosen = await page(t.app, `/pass/rewards?t=${TOKENS.avaBrew}&dealId=202`);
    await expectEmbeds(chosen.body, TOKENS.avaBrew, [
      '/data?dealId=202',
      '/partnerUser/1001/points/current?offerId=101&dealId=202',
      '/partnerUser/1001/rewards?offerId=101&dealId=202',
    ]);

    const pointsOffer = await page(t.app, `/pass/rewards?t=${TOKENS.avaRewards}`);
    await expectEmbeds(pointsOffer.body, TOKENS.avaRewards, [
      '/data',
      '/partnerUser/1001/points/current?offerId=102',
      '/partnerUser/1001/rewards?offerId=102',
    ]);
  });

  it('embeds OrderHistory’s first page of orders', async () => {
    const res = await page(t.app, `/pass/orderhistory?t=${TOKENS.avaBrew}`);
    await expectEmbeds(res.body, TOKENS.avaBrew, [
      '/data',
      '/partnerUser/1001/orders?offerId=101&display=20&page=1',
    ]);
    expect(modulePreloads(res.body)).toEqual([]);
  });

  it('names Pass Login’s logo for a pass that shows Login, and no picture where Login is not shown', async () => {
    const publicLogin = await page(t.app, `/pass/login?t=${TOKENS.guestBrew}`);
    expect(imagePreloads(publicLogin.body)).toEqual(['/pass/media/brew-trail-horizontal.svg']);
    expect(publicLogin.body.indexOf('rel="preload" as="image"')).toBeLessThan(
      publicLogin.body.indexOf('</head>'),
    );
    // A signed-in holder is sent on to Experiences: Login's picture would be asked for in vain.
    expect(imagePreloads((await page(t.app, `/pass/login?t=${TOKENS.avaBrew}`)).body)).toEqual([]);
    // A preview's Login goes on to its page (spec 2.2).
    expect(imagePreloads((await page(t.app, `/pass/login?t=${TOKENS.previewProduct}`)).body)).toEqual([]);
  });

  it('embeds only /data on a page without reads of its own, and nothing for a HEAD', async () => {
    const messages = await page(t.app, `/pass/account/messages?t=${TOKENS.avaBrew}`);
    await expectEmbeds(messages.body, TOKENS.avaBrew, ['/data']);
    const head = await t.app.inject({ method: 'HEAD', url: `/pass/experiences?t=${TOKENS.avaBrew}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });
});

describe('what is not embedded', () => {
  it('serves the page as before for an unknown token or none', async () => {
    for (const url of [
      '/pass/experiences?t=no-such-token',
      '/pass/experiences',
      '/pass/rewards?t=',
      '/pass/orderhistory',
    ]) {
      const res = await page(t.app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(bootText(res.body), url).toBeNull();
      expect(imagePreloads(res.body), url).toEqual([]);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('leaves out a page read the API refuses: another offer’s venue, a deal that is not the pass’s', async () => {
    const key = '/partnerUser/1001/modules/assignment/venue/assignmentId/307/location/pass?offerId=101';
    expect((await apiAnswer(t.app, TOKENS.avaBrew, key)).statusCode).toBe(404);
    const res = await page(t.app, `/pass/experiences/venue/307?t=${TOKENS.avaBrew}`);
    await expectEmbeds(res.body, TOKENS.avaBrew, ['/data']);
    expect(res.headers['cache-control']).toBe('no-store');
    // Ids that are not ids make no read at all, as the page makes none.
    const bad = await page(t.app, `/pass/experiences/venue/abc?t=${TOKENS.avaBrew}`);
    await expectEmbeds(bad.body, TOKENS.avaBrew, ['/data']);
    // A page dealId the assignment call refuses (400): /data is embedded, the assignment is left to the app.
    const refused = `${AVA_EXPERIENCES}&dealId=x`;
    expect((await apiAnswer(t.app, TOKENS.avaBrew, refused)).statusCode).toBe(400);
    const invalid = await page(t.app, `/pass/experiences?t=${TOKENS.avaBrew}&dealId=x`);
    await expectEmbeds(invalid.body, TOKENS.avaBrew, ['/data?dealId=x']);
  });

  it('reads as the session of the token, whatever ids the page URL names', async () => {
    // Noah's token on Ava's pages: the reads are Noah's own (his user id), never Ava's.
    const res = await page(t.app, `/pass/orderhistory?t=${TOKENS.noahEmpty}`);
    const data = (await apiAnswer(t.app, TOKENS.noahEmpty, '/data')).json() as DataResponse;
    expect(data.partner_user?.id).not.toBe(1001);
    await expectEmbeds(res.body, TOKENS.noahEmpty, [
      '/data',
      `/partnerUser/${data.partner_user?.id}/orders?offerId=101&display=20&page=1`,
    ]);
    expect(bootText(res.body)).not.toContain('"partnerUser/1001');
  });

  it('gives a preview its preview reads on its own pages, and none on pages it is sent away from', async () => {
    const login = await page(t.app, `/pass/login?t=${TOKENS.previewVenue}`);
    await expectEmbeds(login.body, TOKENS.previewVenue, ['/data']);
    const venue = await page(t.app, `/pass/experiences/venue/302?t=${TOKENS.previewVenue}`);
    await expectEmbeds(venue.body, TOKENS.previewVenue, [
      '/data',
      '/preview/modules/assignment/venue/assignmentId/302/location/pass?offerId=0',
    ]);
    const experiences = await page(t.app, `/pass/experiences?t=${TOKENS.previewVenue}`);
    await expectEmbeds(experiences.body, TOKENS.previewVenue, ['/data']);
    const rewards = await page(t.app, `/pass/rewards?t=${TOKENS.previewVenue}`);
    await expectEmbeds(rewards.body, TOKENS.previewVenue, ['/data']);
  });

  it('gives an unregistered link its venue’s unregistered reads on Signup only', async () => {
    const signup = await page(t.app, `/pass/signup?t=${TOKENS.unregVenue301}`);
    await expectEmbeds(signup.body, TOKENS.unregVenue301, [
      '/data',
      '/unregistered/modules/assignment/venue/assignmentId/301/location/pass?offerId=0',
    ]);
    const experiences = await page(t.app, `/pass/experiences?t=${TOKENS.unregVenue301}`);
    await expectEmbeds(experiences.body, TOKENS.unregVenue301, ['/data']);
  });

  it('embeds a public link’s signed-out /data, which names nobody, and its visitor exchange still works', async () => {
    const res = await page(t.app, `/pass/experiences?t=${TOKENS.guestBrew}`);
    await expectEmbeds(res.body, TOKENS.guestBrew, ['/data']);
    const data = embedded<DataResponse>(res.body, '/data');
    expect(data.public_link).toBe(true);
    expect(data.partner_user).toBeNull();
    expect(data.order_products).toEqual([]);
    expect(data.order_deals).toEqual([]);
    expect(data.current_points).toBe(0);
    // The page names no token but the one in its own URL; in particular no visitor token was made for it.
    expect(res.body.match(/demo-[a-z]+-[a-z0-9]+-[A-Za-z0-9]+/g) ?? []).toEqual([]);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/pass/api/sessions/visitor',
      headers: { [TOKEN_HEADER]: TOKENS.guestBrew, [API_VERSION_HEADER]: API_VERSION },
    });
    expect(exchange.statusCode).toBe(200);
    const visitor = (exchange.json() as { token: string }).token;
    const visitorPage = await page(t.app, `/pass/experiences?t=${encodeURIComponent(visitor)}`);
    const visitorData = embedded<DataResponse>(visitorPage.body, '/data');
    expect(visitorData.public_link).toBe(false);
    expect(visitorData.partner_user).toBeNull();
  });
});

describe('escaping and compression', () => {
  it('escapes the answers for HTML: a value with </script> cannot end the element', async () => {
    const name = 'Brew </script><script>alert(1)</script> & <!-- \u2028\u2029 trail';
    await t.database.db.update(offers).set({ name }).where(eq(offers.id, 101));
    try {
      const res = await page(t.app, `/pass/experiences?t=${TOKENS.avaBrew}`);
      const text = bootText(res.body) ?? '';
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(res.body.match(/<script>alert/g)).toBeNull();
      expect(embedded<DataResponse>(res.body, '/data').offer?.name).toBe(name);
      await expectEmbeds(res.body, TOKENS.avaBrew, ['/data', AVA_EXPERIENCES]);
    } finally {
      await t.database.db.update(offers).set({ name: 'Lakeshore Brew Trail' }).where(eq(offers.id, 101));
    }
  });

  describe('compressed', () => {
    // The page route has no compress hooks (decision 0036): a page made per request is compressed by the
    // route itself, on the compression thread, or inline when the thread is behind or fails.
    const pageIn = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/pass/experiences?t=${TOKENS.avaBrew}`,
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('on the compression thread, in the encoding negotiated', async () => {
      const compress = vi.spyOn(compressionThread, 'compress');
      const br = await pageIn('gzip, deflate, br');
      expect(compress).toHaveBeenCalledTimes(1);
      expect(compress.mock.calls[0]?.[1]).toBe('br');
      expect(br.headers).toMatchObject({
        'content-encoding': 'br',
        vary: 'accept-encoding',
        'cache-control': 'no-store',
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(br.rawPayload.length),
      });
      expect(bootText(brotliDecompressSync(br.rawPayload).toString())).not.toBeNull();

      const gz = await pageIn('gzip');
      expect(compress.mock.calls[1]?.[1]).toBe('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(bootText(gunzipSync(gz.rawPayload).toString())).not.toBeNull();

      // Nothing accepted: the page as it is.
      const plain = await pageIn();
      expect(compress).toHaveBeenCalledTimes(2);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(bootText(plain.body)).not.toBeNull();
    });

    it('inline alike when the thread is behind or fails', async () => {
      // For the whole request: the page's first answers are read through the app too, and ask first.
      const room = vi.spyOn(compressionThread, 'hasRoom').mockReturnValue(false);
      const compress = vi.spyOn(compressionThread, 'compress');
      const behind = await pageIn('br');
      room.mockRestore();
      expect(compress).not.toHaveBeenCalled();
      expect(behind.headers['content-encoding']).toBe('br');
      expect(bootText(brotliDecompressSync(behind.rawPayload).toString())).not.toBeNull();

      compress.mockRejectedValueOnce(new Error('thread gone'));
      const failed = await pageIn('gzip');
      expect(compress).toHaveBeenCalledTimes(1);
      expect(failed.statusCode).toBe(200);
      expect(failed.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
      expect(bootText(gunzipSync(failed.rawPayload).toString())).not.toBeNull();
      expect(t.logs.text()).toContain('answer compressed inline: the compression thread failed');
    });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let limitedDist: string;

  beforeAll(async () => {
    limitedDist = await makeFakeWebDist();
    limited = await createTestApp({ now: NOW, webDist: limitedDist, rateLimit: { apiPerMinute: 5 } });
  });

  afterAll(async () => {
    await limited?.close();
    await rm(limitedDist, { recursive: true, force: true });
  });

  const remaining = async (remoteAddress: string) => {
    const res = await limited.app.inject({
      method: 'GET',
      url: '/pass/api/data',
      headers: { [TOKEN_HEADER]: TOKENS.avaBrew, [API_VERSION_HEADER]: API_VERSION },
      remoteAddress,
    });
    return { status: res.statusCode, remaining: Number(res.headers['x-ratelimit-remaining']) };
  };

  it('counts the page’s reads against the client that loads it, and embeds nothing over the limit', async () => {
    // A page load with two reads (/data, the assignment) from 10.0.0.1 costs that client two of its five.
    const first = await page(limited.app, `/pass/experiences?t=${TOKENS.avaBrew}`, '10.0.0.1');
    expect(Object.keys(boot(first.body).reads)).toHaveLength(2);
    expect(await remaining('10.0.0.1')).toEqual({ status: 200, remaining: 2 });
    // Another client's budget is its own.
    expect(await remaining('10.0.0.2')).toEqual({ status: 200, remaining: 4 });

    await remaining('10.0.0.1');
    await remaining('10.0.0.1');
    expect((await remaining('10.0.0.1')).status).toBe(429);
    const over = await page(limited.app, `/pass/experiences?t=${TOKENS.avaBrew}`, '10.0.0.1');
    expect(over.statusCode).toBe(200);
    expect(over.headers['cache-control']).toBe('no-cache');
    expect(bootText(over.body)).toBeNull();
    expect(over.body).toContain('<div id="root">');
  });
});

describe('the build’s hints file', () => {
  it('an older file (no module types) or an unreadable one only means fewer hints', async () => {
    const older = await makeFakeWebDist();
    const broken = await makeFakeWebDist();
    await mkdir(path.join(older, '.vite'));
    await writeFile(
      path.join(older, '.vite', 'route-preloads.json'),
      JSON.stringify({ routes: BUILD_HINTS.routes }),
    );
    await mkdir(path.join(broken, '.vite'));
    await writeFile(path.join(broken, '.vite', 'route-preloads.json'), '{"routes": [');
    const olderApp = await createTestApp({ now: NOW, webDist: older });
    const brokenApp = await createTestApp({ now: NOW, webDist: broken });
    try {
      const res = await page(olderApp.app, `/pass/experiences?t=${TOKENS.avaBrew}`);
      expect(modulePreloads(res.body)).toEqual([
        '/pass/assets/ThemedShell-1.js',
        '/pass/assets/ExperiencesPage-1.js',
      ]);
      expect(Object.keys(boot(res.body).reads)).toEqual(['/data', AVA_EXPERIENCES]);
      expect(imagePreloads(res.body)).toHaveLength(1);

      const plain = await page(brokenApp.app, `/pass/experiences?t=${TOKENS.avaBrew}`);
      expect(plain.statusCode).toBe(200);
      expect(modulePreloads(plain.body)).toEqual([]);
      expect(Object.keys(boot(plain.body).reads)).toEqual(['/data', AVA_EXPERIENCES]);
      const noToken = await page(brokenApp.app, '/pass/experiences');
      expect(noToken.statusCode).toBe(200);
      expect(noToken.body).toContain('<div id="root">');
    } finally {
      await olderApp.close();
      await brokenApp.close();
      await rm(older, { recursive: true, force: true });
      await rm(broken, { recursive: true, force: true });
    }
  });
});
