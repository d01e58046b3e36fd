import { type AssignmentResponse, assignmentData, assignmentResponse } from '@trailpass/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignments, modules } from '../src/db/schema';
import { api, createTestApp, type TestApp, TOKENS } from './helpers';

const NOW = new Date();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});

afterAll(async () => {
  await t?.close();
});

type Page = 'offer' | 'deal' | 'venue' | 'product';

const holderUrl = (user: number, type: Page | string, id: number | string, location = 'pass', query = '') =>
  `/partnerUser/${user}/modules/assignment/${type}/assignmentId/${id}/location/${location}?${query}`;
const previewUrl = (type: Page | string, id: number, location = 'pass', query = 'offerId=0') =>
  `/preview/modules/assignment/${type}/assignmentId/${id}/location/${location}?${query}`;
const unregisteredUrl = (type: Page | string, id: number, location = 'pass', query = 'offerId=0') =>
  `/unregistered/modules/assignment/${type}/assignmentId/${id}/location/${location}?${query}`;

async function getOk(token: string, url: string): Promise<AssignmentResponse> {
  const res = await api(t.app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json();
  // Every list of the data map is there, and nothing else.
  expect(Object.keys(body.data).sort()).toEqual(Object.keys(assignmentData.shape).sort());
  const parsed = assignmentResponse.parse(body);
  for (const [key, list] of Object.entries(parsed.data)) {
    const ids = (list as Array<{ id: number }>).map((record) => record.id);
    expect(new Set(ids).size, `${key} lists each record once`).toBe(ids.length);
  }
  return parsed;
}

/** Ava on Lakeshore Brew Trail (user 1001, offer 101). */
const ava = (type: Page | string, id: number | string, location = 'pass', query = '') =>
  getOk(TOKENS.avaBrew, holderUrl(1001, type, id, location, `offerId=101${query}`));

async function expectError(token: string | undefined, url: string, status: number, code: string) {
  const res = await api(t.app, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe(code);
  return body.error;
}

const ids = (records: ReadonlyArray<{ id: number }>) => records.map((record) => record.id);
const sorted = (records: ReadonlyArray<{ id: number }>) => ids(records).sort((a, b) => a - b);

describe('GET /partnerUser/{id}/modules/assignment/...: Ava on offer 101', () => {
  it('serves the Experiences modules in sort order, unknown and typeless ones included', async () => {
    const body = await ava('offer', 101);
    expect(body.assignment).toEqual({
      id: 3901,
      type: 'offer',
      assignmentId: 101,
      location: 'pass',
      unregistered: false,
    });
    expect(ids(body.modules)).toEqual([
      3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3010, 3011, 3012, 3013, 3014,
    ]);
    const types = body.modules.map((m) => m.type);
    expect(types[0]).toBe('Greeting');
    expect(types).toEqual(expect.arrayContaining(['Tab', 'TabsEnd', 'Carousel3D', null]));
    expect(body.modules.find((m) => m.type === 'Tab')?.settings).toEqual({
      label: 'This Week',
      notes: 'this-week',
    });
    const sortOrders = body.modules.map((m) => m.sort_order);
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    expect(body.modules.every((m) => m.assignment === 'offer' && m.opacity === 1)).toBe(true);
    // sort_order 1, but on an offer page: not fixed.
    expect(body.modules.find((m) => m.id === 3002)).toMatchObject({
      type: 'ImageShowcase',
      sort_order: 1,
      isFixed: false,
    });
    expect(body.modules.some((m) => m.isFixed)).toBe(false);
  });

  it("puts the records the modules name in the data map, and only offer 101's", async () => {
    const { data } = await ava('offer', 101);
    expect(sorted(data.venues)).toEqual([301, 302, 303, 304, 308, 309]);
    expect(sorted(data.deals)).toEqual([201, 202, 203]);
    expect(sorted(data.perks)).toEqual([651, 652, 653]);
    // Showcase media (offer and deal media) and the unknown module's venue media: any owner.
    expect(ids(data.media)).toEqual([2014, 2032, 2033, 2019, 2020, 2021]);
    expect(data.media.find((m) => m.id === 2019)).toMatchObject({ location: 'Header' });
    expect(data.deals.every((d) => d.offer_id === 101)).toBe(true);
    expect(data.deals.find((d) => d.id === 201)).toMatchObject({ totalProductsCount: 8 });
    expect(data.deals.find((d) => d.id === 201)?.media.length).toBeGreaterThan(0);
    expect(data.perks.find((p) => p.id === 653)).toMatchObject({ venue_id: 301 });
    expect(data.products).toEqual([]);
    expect(data.rewardItems).toEqual([]);
    expect(data.polls).toEqual([]);
    expect(data.venues.every((v) => v.miles === null)).toBe(true);
  });

  it('serves Explore: categories bring the offer venues in them', async () => {
    const body = await ava('offer', 101, 'explore');
    expect(body.assignment?.id).toBe(3902);
    expect(sorted(body.data.categories)).toEqual([401, 402, 403, 404]);
    expect(body.data.categories.find((c) => c.id === 401)).toEqual({
      id: 401,
      name: 'Breweries & Cideries',
      icon: 'mdi-glass-mug-variant',
    });
    // 306 is in category 403 and 404 too, but on offer 103.
    expect(sorted(body.data.venues)).toEqual([301, 302, 303, 304, 308, 309]);
  });

  it('gives venue miles from the query location (both coordinates), else null', async () => {
    const { data } = await ava('offer', 101, 'pass', '&latitude=44.0921&longitude=-87.6563');
    const venue = (id: number) => data.venues.find((v) => v.id === id);
    expect(venue(301)?.miles).toBeCloseTo(0, 5);
    expect(venue(302)?.miles).toBeGreaterThan(4);
    expect(venue(302)?.miles).toBeLessThan(10);
    // 304 has an address only; 307 is Northwoods' (offer 104).
    expect(venue(304)?.miles).toBeNull();
    expect(venue(307)).toBeUndefined();

    const latOnly = await ava('offer', 101, 'pass', '&latitude=44.0921');
    expect(latOnly.data.venues.every((v) => v.miles === null)).toBe(true);
  });

  it('serves deal 201: fixed showcase, the deal, its venues, products and poll', async () => {
    const body = await ava('deal', 201);
    expect(body.assignment).toMatchObject({ id: 3903, type: 'deal', assignmentId: 201 });
    expect(ids(body.modules)).toEqual([3019, 3020, 3021]);
    expect(body.modules.find((m) => m.type === 'ImageShowcase')).toMatchObject({
      id: 3020,
      sort_order: 1,
      isFixed: true,
      assignment: 'deal',
    });
    expect(body.modules.filter((m) => m.isFixed).map((m) => m.id)).toEqual([3020]);
    expect(ids(body.data.deals)).toEqual([201]);
    expect(sorted(body.data.venues)).toEqual([301, 302, 303, 308]);
    expect(sorted(body.data.products)).toEqual([501, 502, 503, 504, 505, 506, 507, 508]);
    expect(body.data.polls).toEqual([
      {
        id: 8801,
        deal_id: 201,
        question: 'Where should the next Trivia Night be held?',
        closes_at: new Date(NOW.getTime() + 10 * 86_400_000).toISOString(),
      },
    ]);
  });

  it('serves venue 301: tabs, fixed showcase, products at the venue, redemptions', async () => {
    const body = await ava('venue', 301);
    expect(body.assignment).toMatchObject({ id: 3904, unregistered: false });
    const tabs = body.modules.filter((m) => m.type === 'Tab').map((m) => m.settings?.label);
    expect(tabs).toEqual(['Taproom', 'Beer Garden']);
    expect(body.modules.at(-1)?.type).toBe('TabsEnd');
    expect(body.modules.find((m) => m.id === 3022)).toMatchObject({ type: 'ImageShowcase', isFixed: true });
    const venue = body.data.venues.find((v) => v.id === 301);
    expect(venue).toMatchObject({
      name: 'Anchor & Oar Brewing',
      products: [501, 504, 520],
      hasSomeRedemption: true,
      categories: [401],
      custom_fields: { happy_hour: 'Tue–Fri 3–5 pm', dog_friendly: 'Yes, in the beer garden' },
    });
    expect(venue?.media.map((m) => m.id)).toEqual([2019, 2020, 2021]);
    expect(venue).not.toHaveProperty('pin');
    expect(ids(body.data.venues)).toEqual([301]);
    expect(ids(body.data.categories)).toEqual([401]);
    // The offer's products at the venue; 513 and 517 are at 301 too, on offers 102 and 104.
    expect(sorted(body.data.products)).toEqual([501, 504, 520]);
    expect(body.data.products.find((p) => p.id === 504)).toMatchObject({
      venueName: 'Anchor & Oar Brewing',
      redeemedCount: 1,
      unRedeemedCount: 0,
    });
  });

  it('serves product 504: its showcase at sort_order 5 is not fixed; its venue, deal and counts', async () => {
    const body = await ava('product', 504);
    expect(body.assignment).toMatchObject({ id: 3906, type: 'product', assignmentId: 504 });
    expect(ids(body.modules)).toEqual([3036, 3037, 3038, 3039]);
    expect(body.modules.find((m) => m.id === 3039)).toMatchObject({
      type: 'ImageShowcase',
      sort_order: 5,
      isFixed: false,
      assignment: 'product',
    });
    expect(ids(body.data.products)).toEqual([504]);
    expect(body.data.products[0]).toMatchObject({
      offer_id: 101,
      deal_id: 201,
      venue_id: 301,
      venueName: 'Anchor & Oar Brewing',
      redeemedCount: 1,
      unRedeemedCount: 0,
      custom_fields: { pairing: expect.any(String) },
    });
    expect(body.data.products[0]?.ticket_settings?.hide_ticket.after_redemption).toEqual({
      amount: 15,
      type: 'minutes',
    });
    expect(ids(body.data.venues)).toEqual([301]);
    expect(ids(body.data.deals)).toEqual([201]);
    expect(ids(body.data.media)).toEqual([2043]);
  });

  it('serves the redeem view of product 501 and the standalone product 519 without a deal', async () => {
    const redeem = await ava('product', 501, 'redeem');
    expect(redeem.assignment?.id).toBe(3907);
    expect(ids(redeem.data.products)).toEqual([501]);

    const standalone = await ava('product', 519);
    expect(standalone.assignment).toBeNull();
    expect(standalone.data.products[0]).toMatchObject({ id: 519, deal_id: 0, unRedeemedCount: 1 });
    expect(standalone.data.deals).toEqual([]);
    expect(ids(standalone.data.venues)).toEqual([304]);
  });

  it('adds the polls and the deal of query dealId', async () => {
    const body = await ava('offer', 101, 'pass', '&dealId=201');
    expect(ids(body.data.polls)).toEqual([8801]);
    expect(ids(body.data.deals)).toContain(201);
    const venue = await ava('venue', 302, 'pass', '&dealId=201');
    expect(ids(venue.data.polls)).toEqual([8801]);
    expect((await ava('deal', 202)).data.polls).toEqual([]);
  });

  it('answers 200 with no assignment and the page records for an offer entity without one', async () => {
    const body = await ava('deal', 202);
    expect(body.assignment).toBeNull();
    expect(body.modules).toEqual([]);
    expect(ids(body.data.deals)).toEqual([202]);
    expect(sorted(body.data.venues)).toEqual([302, 304]);
    expect(sorted(body.data.products)).toEqual([509, 510]);

    const product = await ava('product', 502);
    expect(product.assignment).toBeNull();
    expect(product.data.products[0]).toMatchObject({ id: 502, redeemedCount: 0, unRedeemedCount: 1 });

    // A location no assignment uses is the same case.
    const nowhere = await ava('offer', 101, 'nowhere');
    expect(nowhere).toMatchObject({ assignment: null, modules: [] });
    const venueNowhere = await ava('venue', 301, 'nowhere');
    expect(venueNowhere.modules).toEqual([]);
    expect(ids(venueNowhere.data.venues)).toEqual([301]);
  });

  it('derives hasSomeRedemption from the signed-in user: false for Noah', async () => {
    const body = await getOk(TOKENS.noahEmpty, holderUrl(1003, 'venue', 301, 'pass', 'offerId=101'));
    expect(body.data.venues[0]).toMatchObject({ id: 301, hasSomeRedemption: false });
    expect(body.data.products.every((p) => p.redeemedCount === 0 && p.unRedeemedCount === 0)).toBe(true);
  });
});

describe('assignments on other offers', () => {
  it('offer 102: the rewards module brings every reward item of the offer, attributes in order', async () => {
    const body = await getOk(TOKENS.avaRewards, holderUrl(1001, 'offer', 102, 'pass', 'offerId=102'));
    expect(body.assignment?.id).toBe(3908);
    expect(body.modules.map((m) => m.type)).toContain('DashboardItemCards');
    expect(sorted(body.data.rewardItems)).toEqual([1210, 1211, 1212, 1213, 1214]);
    expect(body.data.rewardItems.every((r) => r.offer_id === 102)).toBe(true);
    const getaway = body.data.rewardItems.find((r) => r.id === 1212);
    expect(getaway?.attributes.map((a) => a.id)).toEqual([1306, 1307]);
    expect(typeof getaway?.attributes[0]?.retail_price).toBe('number');
    expect(body.data.rewardItems.some((r) => r.media.length > 0)).toBe(true);
    expect(sorted(body.data.venues)).toEqual([301, 303]);
    expect(body.data.venues.find((v) => v.id === 301)).toMatchObject({
      products: [513],
      hasSomeRedemption: true,
    });
    expect(ids(body.data.media)).toEqual([2016]);
  });

  it('serves the shared venue 301 assignment on offer 102 with offer 102 records only', async () => {
    const body = await getOk(TOKENS.avaRewards, holderUrl(1001, 'venue', 301, 'pass', 'offerId=102'));
    expect(body.assignment?.id).toBe(3904);
    expect(ids(body.data.products)).toEqual([513]);
    expect(body.data.venues[0]?.products).toEqual([513]);
  });
});

describe('who may see which assignment', () => {
  it("answers 404 for another user's id or another offer", async () => {
    await expectError(TOKENS.avaBrew, holderUrl(1002, 'offer', 101, 'pass', 'offerId=101'), 404, 'not_found');
    await expectError(TOKENS.avaBrew, holderUrl(1001, 'offer', 102, 'pass', 'offerId=102'), 404, 'not_found');
    await expectError(TOKENS.avaBrew, holderUrl(1001, 'offer', 101, 'pass', 'offerId=0'), 404, 'not_found');
    await expectError(
      TOKENS.guestBrew,
      holderUrl(1001, 'offer', 101, 'pass', 'offerId=101'),
      404,
      'not_found',
    );
  });

  it('answers 404 for a page entity of another offer, or a missing one', async () => {
    const messages = new Set<string>();
    for (const [type, id] of [
      ['offer', 102],
      ['deal', 204],
      ['venue', 305],
      ['venue', 307],
      ['product', 513],
      ['deal', 999999],
    ] as const) {
      const error = await expectError(
        TOKENS.avaBrew,
        holderUrl(1001, type, id, 'pass', 'offerId=101'),
        404,
        'not_found',
      );
      messages.add(error.message);
    }
    expect(messages.size).toBe(1);
    // Offer 102's own page is fine on its own pass.
    await getOk(TOKENS.avaRewards, holderUrl(1001, 'deal', 204, 'pass', 'offerId=102'));
  });

  it('answers 404 for a query dealId of another offer', async () => {
    await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'offer', 101, 'pass', 'offerId=101&dealId=204'),
      404,
      'not_found',
    );
  });

  it('preview: the preview form serves the offer content, the holder form is 403', async () => {
    const body = await getOk(TOKENS.previewProduct, previewUrl('product', 504));
    expect(body.assignment?.id).toBe(3906);
    expect(body.data.products[0]).toMatchObject({ id: 504, redeemedCount: 0, unRedeemedCount: 0 });
    expect(body.data.venues[0]).toMatchObject({ id: 301, hasSomeRedemption: false });

    const venue = await getOk(TOKENS.previewVenue, previewUrl('venue', 302));
    expect(venue.assignment?.id).toBe(3905);
    const withDeal = await getOk(
      TOKENS.previewDealProduct,
      previewUrl('product', 507, 'pass', 'offerId=0&dealId=201'),
    );
    expect(ids(withDeal.data.polls)).toEqual([8801]);

    await expectError(
      TOKENS.previewProduct,
      holderUrl(1001, 'product', 504, 'pass', 'offerId=101'),
      403,
      'forbidden',
    );
    await expectError(TOKENS.avaBrew, previewUrl('product', 504), 403, 'forbidden');
    await expectError(TOKENS.unregVenue301, previewUrl('product', 504), 403, 'forbidden');
    await expectError(TOKENS.previewProduct, previewUrl('product', 513), 404, 'not_found');
    await expectError(
      TOKENS.previewProduct,
      previewUrl('product', 504, 'pass', 'offerId=102'),
      404,
      'not_found',
    );
  });

  it("unregistered link: only its venue's unregistered modules, on the unregistered form", async () => {
    const body = await getOk(TOKENS.unregVenue301, unregisteredUrl('venue', 301));
    expect(body.assignment).toMatchObject({ id: 3912, unregistered: true });
    expect(ids(body.modules)).toEqual([3053, 3054, 3055]);
    expect(body.modules[0]).toMatchObject({ type: 'ImageShowcase', isFixed: true, assignment: 'venue' });
    expect(ids(body.data.venues)).toEqual([301]);
    expect(body.data.venues[0]).toMatchObject({ products: [], hasSomeRedemption: false });
    expect(ids(body.data.media)).toEqual([2019, 2020, 2021]);
    expect(ids(body.data.categories)).toEqual([401]);
    // No offer: no offer records.
    expect(body.data.products).toEqual([]);
    expect(body.data.deals).toEqual([]);

    await expectError(TOKENS.unregVenue301, unregisteredUrl('venue', 302), 404, 'not_found');
    await expectError(TOKENS.unregVenue301, unregisteredUrl('offer', 101), 404, 'not_found');
    await expectError(
      TOKENS.unregVenue301,
      unregisteredUrl('venue', 301, 'pass', 'offerId=101'),
      404,
      'not_found',
    );
    await expectError(
      TOKENS.unregVenue301,
      holderUrl(1001, 'venue', 301, 'pass', 'offerId=101'),
      403,
      'forbidden',
    );
    await expectError(TOKENS.unregVenue301, previewUrl('venue', 301), 403, 'forbidden');
    await expectError(TOKENS.avaBrew, unregisteredUrl('venue', 301), 403, 'forbidden');
    await expectError(TOKENS.previewVenue, unregisteredUrl('venue', 301), 403, 'forbidden');
  });

  it('never serves the unregistered assignment on the holder form', async () => {
    const body = await ava('venue', 301);
    expect(body.assignment?.id).toBe(3904);
  });

  it('answers 400 for bad input, 401 without a known token', async () => {
    const location = await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'venue', 301, 'Bad Location!', 'offerId=101'),
      400,
      'invalid_input',
    );
    expect(location.fields).toHaveProperty('location');
    const type = await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'shop', 301, 'pass', 'offerId=101'),
      400,
      'invalid_input',
    );
    expect(type.fields).toHaveProperty('type');
    await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'venue', 'abc', 'pass', 'offerId=101'),
      400,
      'invalid_input',
    );
    await expectError(TOKENS.avaBrew, holderUrl(1001, 'venue', 301, 'pass', ''), 400, 'invalid_input');
    await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'venue', 301, 'pass', 'offerId=101&latitude=91&longitude=0'),
      400,
      'invalid_input',
    );
    const unknown = await expectError(
      TOKENS.avaBrew,
      holderUrl(1001, 'venue', 301, 'pass', 'offerId=101&foo=1'),
      400,
      'invalid_input',
    );
    expect(unknown.fields).toEqual({ foo: 'Unknown field.' });
    await expectError(
      'no-such-token',
      holderUrl(1001, 'venue', 301, 'pass', 'offerId=101'),
      401,
      'unauthorized',
    );

    const res = await t.app.inject({
      method: 'GET',
      url: `/pass/api${holderUrl(1001, 'venue', 301, 'pass', 'offerId=101')}`,
      headers: { 'x-pass-token': TOKENS.avaBrew },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });
});

describe('GET /partnerUser/{id}/moduleAssignment/{id} and /preview/moduleAssignment/{id}', () => {
  it('serves an assignment by its own id with the page response', async () => {
    const byId = await getOk(TOKENS.avaBrew, '/partnerUser/1001/moduleAssignment/3904?offerId=101');
    const byPage = await ava('venue', 301);
    expect(byId).toEqual(byPage);
    const noOffer = await getOk(TOKENS.avaBrew, '/partnerUser/1001/moduleAssignment/3904');
    expect(noOffer.assignment?.id).toBe(3904);

    const preview = await getOk(TOKENS.previewProduct, '/preview/moduleAssignment/3906');
    expect(preview.assignment).toMatchObject({ type: 'product', assignmentId: 504 });
    expect(preview.modules.find((m) => m.id === 3039)?.isFixed).toBe(false);
  });

  it('answers 404 for another offer’s or an unregistered assignment, 403 for the wrong session', async () => {
    for (const id of [3908, 3912, 999999]) {
      await expectError(TOKENS.avaBrew, `/partnerUser/1001/moduleAssignment/${id}`, 404, 'not_found');
    }
    await expectError(TOKENS.avaBrew, '/partnerUser/1002/moduleAssignment/3904', 404, 'not_found');
    await expectError(
      TOKENS.avaBrew,
      '/partnerUser/1001/moduleAssignment/3904?offerId=102',
      404,
      'not_found',
    );
    // Shared (offer_id null) but its venue is not on Harper's offer 103.
    await expectError(TOKENS.harperCheckin, '/partnerUser/1004/moduleAssignment/3904', 404, 'not_found');
    await expectError(TOKENS.previewProduct, '/preview/moduleAssignment/3908', 404, 'not_found');
    await expectError(TOKENS.previewProduct, '/partnerUser/1001/moduleAssignment/3904', 403, 'forbidden');
    await expectError(TOKENS.avaBrew, '/preview/moduleAssignment/3904', 403, 'forbidden');
    await expectError(TOKENS.avaBrew, '/partnerUser/1001/moduleAssignment/0', 400, 'invalid_input');
  });
});

describe('assignment rows and shared content', () => {
  const EXTRA_MODULE = 3990;
  const OWN_ROW = 3990;
  const LEAK_ROW = 3991;

  beforeAll(async () => {
    await t.database.db.insert(modules).values({
      id: EXTRA_MODULE,
      type: 'ItemVenueList',
      name: 'Names records of several offers',
      sort_order: 0,
      data: {
        venues: [301, 305],
        deals: [201, 204],
        products: [501, 513],
        perks: [651, 654],
        rewardItems: [1201, 1210],
        packages: [601],
        categories: [405],
        media: [2016, 2019],
      },
    });
    await t.database.db.insert(assignments).values([
      // Offer 101's own row for venue 301 beside the shared one (3904).
      { id: OWN_ROW, type: 'venue', assignment_id: 301, location: 'pass', offer_id: 101, modules: [3023] },
      // A shared row (any offer) whose module names records of offers 101, 102 and 103.
      {
        id: LEAK_ROW,
        type: 'venue',
        assignment_id: 301,
        location: 'shared',
        offer_id: null,
        modules: [EXTRA_MODULE],
      },
    ]);
  });

  afterAll(async () => {
    await t.database.db.delete(assignments).where(inArray(assignments.id, [OWN_ROW, LEAK_ROW]));
    await t.database.db.delete(modules).where(eq(modules.id, EXTRA_MODULE));
  });

  it("prefers the offer's own row over the one for any offer", async () => {
    const own = await ava('venue', 301);
    expect(own.assignment?.id).toBe(OWN_ROW);
    expect(ids(own.modules)).toEqual([3023]);
    const shared = await getOk(TOKENS.avaRewards, holderUrl(1001, 'venue', 301, 'pass', 'offerId=102'));
    expect(shared.assignment?.id).toBe(3904);
  });

  it("never puts another offer's records in the data map", async () => {
    const on101 = await ava('venue', 301, 'shared');
    expect(on101.assignment?.id).toBe(LEAK_ROW);
    expect(ids(on101.data.deals)).toEqual([201]);
    expect(on101.data.products.every((p) => p.offer_id === 101)).toBe(true);
    expect(ids(on101.data.perks)).toEqual([651]);
    expect(ids(on101.data.rewardItems)).toEqual([1201]);
    expect(ids(on101.data.packages)).toEqual([601]);
    // 305 is on offer 103, and so are the venues of category 405.
    expect(ids(on101.data.venues)).toEqual([301]);
    expect(sorted(on101.data.categories)).toEqual([401, 405]);
    // Media ids point to media of any owner.
    expect(ids(on101.data.media)).toEqual([2016, 2019]);

    const on102 = await getOk(TOKENS.avaRewards, holderUrl(1001, 'venue', 301, 'shared', 'offerId=102'));
    expect(ids(on102.data.deals)).toEqual([204]);
    expect(sorted(on102.data.products)).toEqual([513]);
    expect(ids(on102.data.perks)).toEqual([654]);
    expect(ids(on102.data.rewardItems)).toEqual([1210]);
    expect(on102.data.packages).toEqual([]);
  });
});

describe('query count', () => {
  it('runs a fixed, small number of queries whatever the page', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const counts: Record<string, number> = {};
    const pages: Array<[string, string]> = [
      ['offer 101', holderUrl(1001, 'offer', 101, 'pass', 'offerId=101&dealId=201')],
      ['explore 101', holderUrl(1001, 'offer', 101, 'explore', 'offerId=101')],
      ['deal 201', holderUrl(1001, 'deal', 201, 'pass', 'offerId=101')],
      ['venue 301', holderUrl(1001, 'venue', 301, 'pass', 'offerId=101&latitude=44.1&longitude=-87.6')],
    ];
    for (const [name, url] of pages) {
      const spy = vi.spyOn(client, 'query');
      try {
        await getOk(TOKENS.avaBrew, url);
        counts[name] = spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    }
    const spy = vi.spyOn(client, 'query');
    try {
      await getOk(TOKENS.avaRewards, holderUrl(1001, 'offer', 102, 'pass', 'offerId=102'));
      counts['offer 102'] = spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
    console.info(`queries per assignment request: ${JSON.stringify(counts)}`);
    // Session lookup, 5 offer-wide reads, then at most 7 for the records the modules name.
    for (const count of Object.values(counts)) expect(count).toBeLessThanOrEqual(13);
  });
});
