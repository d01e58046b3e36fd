import { describe, expect, it } from 'vitest';
import { apiPathWithQuery, fillApiPath } from './api-urls';
import { matchAppRoute } from './app-routes';
import type { DataResponse } from './data';
import {
  assignmentAudience,
  assignmentRead,
  idParamOf,
  pageAssignmentRequest,
  pageFirstReads,
  readKey,
  rewardsPageRef,
} from './page-reads';

type Deal = DataResponse['deals'][number];

/** Only what the page-read rules look at; the rest of an answer does not matter to them. */
function data(overrides: Partial<DataResponse> = {}): DataResponse {
  return {
    offer: { id: 101, use_points: false, isPreview: false, isUnregisteredLink: false },
    partner_user: { id: 1001 },
    isPreview: false,
    isUnregisteredLink: false,
    deals: [],
    venue: null,
    public_link: false,
    ...overrides,
  } as unknown as DataResponse;
}

const deal = (id: number, use_points: boolean, points_valid_until: string | null) =>
  ({ id, use_points, points_valid_until }) as Deal;

const signedOut = () => data({ partner_user: null });
const preview = () => data({ isPreview: true, partner_user: null });
const unregistered = () =>
  data({
    offer: null,
    isUnregisteredLink: true,
    partner_user: null,
    venue: { id: 301 } as DataResponse['venue'],
  });

const keys = (route: Parameters<typeof pageFirstReads>[0], d: DataResponse, search = '?t=x', params = {}) =>
  pageFirstReads(route, params, search, d).map((read) => readKey(read, search));

describe('apiPathWithQuery (how the app builds every call)', () => {
  it('puts the call’s query first, then t, then the page’s dealId when the call has none', () => {
    expect(apiPathWithQuery('/data', undefined, '?t=tok&dealId=201', 'tok')).toBe('/data?t=tok&dealId=201');
    expect(apiPathWithQuery('/x', { offerId: 101, dealId: null }, '?dealId=202', 'tok')).toBe(
      '/x?offerId=101&t=tok&dealId=202',
    );
    expect(apiPathWithQuery('/x', { offerId: 101, dealId: 5 }, '?dealId=202', null)).toBe(
      '/x?offerId=101&dealId=5',
    );
    expect(apiPathWithQuery('/data', {}, '', null)).toBe('/data');
  });

  it('fills path templates, encoded, and refuses a missing parameter', () => {
    expect(fillApiPath('/partnerUser/:id/orders/:orderId', { id: 7, orderId: 'a/b' })).toBe(
      '/partnerUser/7/orders/a%2Fb',
    );
    expect(() => fillApiPath('/partnerUser/:id', {})).toThrow(/id/);
  });
});

describe('matchAppRoute', () => {
  it('finds the route and its params as the router does', () => {
    expect(matchAppRoute('/experiences')).toEqual({ name: 'Experiences', params: {} });
    expect(matchAppRoute('/experiences/')).toEqual({ name: 'Experiences', params: {} });
    expect(matchAppRoute('/Experiences/Venue/302')).toEqual({ name: 'Venue', params: { venueId: '302' } });
    expect(matchAppRoute('/experiences/venue/302/2')).toEqual({
      name: 'Venue',
      params: { venueId: '302', tab: '2' },
    });
    expect(matchAppRoute('/experiences/venue/302/product/507')).toEqual({
      name: 'VenueProduct',
      params: { venueId: '302', productId: '507' },
    });
    // A static segment beats a parameter: shippingInfo is not a reward type.
    expect(matchAppRoute('/rewards/shippingInfo/product/9')?.name).toBe('ShippingInfo');
    expect(matchAppRoute('/account/rewards/claimed')?.name).toBe('RewardsClaimed');
  });

  it('is null for a path outside the table', () => {
    expect(matchAppRoute('/')).toBeNull();
    expect(matchAppRoute('/orderdetails')).toBeNull();
    expect(matchAppRoute('/orderdetails/1/more')).toBeNull();
  });
});

describe('idParamOf', () => {
  it('accepts positive whole numbers only', () => {
    expect(idParamOf('302')).toBe(302);
    for (const bad of [undefined, '', '0', '-1', '1.5', '01', 'abc', '12345678901']) {
      expect(idParamOf(bad), String(bad)).toBeNull();
    }
  });
});

describe('assignment reads', () => {
  it('uses the holder, preview and unregistered forms', () => {
    expect(assignmentAudience(data())).toEqual({ kind: 'holder', partnerUserId: 1001, offerId: 101 });
    expect(assignmentAudience(preview())).toEqual({ kind: 'preview' });
    expect(assignmentAudience(unregistered())).toEqual({ kind: 'unregistered' });
    expect(assignmentAudience(signedOut())).toBeNull();
    expect(assignmentAudience(undefined)).toBeNull();

    const request = { type: 'venue', assignmentId: 302, dealId: 201 } as const;
    expect(assignmentRead({ kind: 'holder', partnerUserId: 1001, offerId: 101 }, request)).toEqual({
      path: '/partnerUser/1001/modules/assignment/venue/assignmentId/302/location/pass',
      query: { offerId: 101, dealId: 201 },
    });
    expect(readKey(assignmentRead({ kind: 'preview' }, request), '?t=x')).toBe(
      '/preview/modules/assignment/venue/assignmentId/302/location/pass?offerId=0&dealId=201',
    );
    expect(readKey(assignmentRead({ kind: 'unregistered' }, { type: 'venue', assignmentId: 301 }), '')).toBe(
      '/unregistered/modules/assignment/venue/assignmentId/301/location/pass?offerId=0',
    );
  });

  it('reads each module page’s assignment from its route, params and query', () => {
    const d = data();
    expect(pageAssignmentRequest('Experiences', {}, '?dealId=201', d)).toEqual({
      type: 'offer',
      assignmentId: 101,
      location: 'pass',
      dealId: 201,
    });
    expect(pageAssignmentRequest('Explore', {}, '', d)).toMatchObject({ location: 'explore', dealId: null });
    expect(pageAssignmentRequest('DealVenue', { dealId: '201', venueId: '302' }, '', d)).toEqual({
      type: 'venue',
      assignmentId: 302,
      location: 'pass',
      dealId: 201,
    });
    expect(pageAssignmentRequest('DealProduct', { dealId: '201', productId: '507' }, '', d)).toMatchObject({
      type: 'product',
      assignmentId: 507,
    });
    expect(pageAssignmentRequest('Venue', { venueId: 'x' }, '', d)).toBeNull();
    expect(pageAssignmentRequest('Signup', {}, '', unregistered())).toMatchObject({ assignmentId: 301 });
    expect(pageAssignmentRequest('Rewards', {}, '', d)).toBeNull();
  });
});

describe('pageFirstReads', () => {
  it('is the Experiences assignment of a holder, with the page’s dealId', () => {
    expect(keys('Experiences', data())).toEqual([
      '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101',
    ]);
    expect(keys('Experiences', data(), '?t=x&dealId=201')).toEqual([
      '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101&dealId=201',
    ]);
  });

  it('is Rewards’ points and catalogue of the selected deal, or the server’s deal on a points offer', () => {
    const deals = [
      deal(201, true, '2029-01-01T00:00:00.000Z'),
      deal(202, true, null),
      deal(207, false, null),
    ];
    expect(keys('Rewards', data({ deals }))).toEqual([
      '/partnerUser/1001/points/current?offerId=101&dealId=201',
      '/partnerUser/1001/rewards?offerId=101&dealId=201',
    ]);
    expect(keys('Rewards', data({ deals }), '?t=x&dealId=202')).toEqual([
      '/partnerUser/1001/points/current?offerId=101&dealId=202',
      '/partnerUser/1001/rewards?offerId=101&dealId=202',
    ]);
    const pointsOffer = data({ offer: { id: 102, use_points: true } as DataResponse['offer'], deals });
    expect(rewardsPageRef(pointsOffer, '')).toEqual({ partnerUserId: 1001, offerId: 102, dealId: null });
    expect(keys('Rewards', pointsOffer)).toEqual([
      '/partnerUser/1001/points/current?offerId=102',
      '/partnerUser/1001/rewards?offerId=102',
    ]);
    // Not a rewards deal: the page shows the first one, and so do its reads; the app still sends the page's
    // dealId only where a call has none.
    expect(keys('Rewards', data({ deals }), '?t=x&dealId=207')[0]).toBe(
      '/partnerUser/1001/points/current?offerId=101&dealId=201',
    );
  });

  it('is OrderHistory’s first page of 20', () => {
    expect(keys('OrderHistory', data())).toEqual(['/partnerUser/1001/orders?offerId=101&display=20&page=1']);
  });

  it('is nothing for a page the guards will not show, or one without reads of its own', () => {
    expect(keys('Experiences', signedOut())).toEqual([]);
    expect(keys('Rewards', signedOut())).toEqual([]);
    expect(keys('OrderHistory', preview())).toEqual([]);
    expect(keys('Experiences', preview())).toEqual([]);
    expect(keys('Venue', unregistered(), '?t=x', { venueId: '301' })).toEqual([]);
    expect(keys('Signup', data())).toEqual([]);
    expect(keys('Messages', data())).toEqual([]);
    expect(keys('Login', data())).toEqual([]);
  });

  it('is the preview form on a preview’s own pages, and the unregistered form on Signup', () => {
    expect(keys('Venue', preview(), '?t=x', { venueId: '302' })).toEqual([
      '/preview/modules/assignment/venue/assignmentId/302/location/pass?offerId=0',
    ]);
    expect(keys('Signup', unregistered())).toEqual([
      '/unregistered/modules/assignment/venue/assignmentId/301/location/pass?offerId=0',
    ]);
  });
});
