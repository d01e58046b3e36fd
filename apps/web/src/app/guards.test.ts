import { describe, expect, it } from 'vitest';
import type { RouteName } from '../lib/routes';
import {
  decideLanding,
  type GuardSession,
  isNavigationBlocked,
  PREVIEW_ALLOWED_ROUTES,
  previewTarget,
  routeNameOf,
} from './guards';

const loggedIn: GuardSession = {
  loggedIn: true,
  isPreview: false,
  isUnregistered: false,
  preview: { type: null, typeId: null, dealId: null },
};
const loggedOut: GuardSession = { ...loggedIn, loggedIn: false };
const preview = (type: 'product' | 'venue', typeId: number, dealId: number | null = null): GuardSession => ({
  ...loggedOut,
  isPreview: true,
  preview: { type, typeId, dealId },
});
const unregistered: GuardSession = { ...loggedOut, isUnregistered: true };

describe('routeNameOf', () => {
  it.each([
    ['/login', 'Login'],
    ['/experiences', 'Experiences'],
    ['/experiences/deal/201', 'Deal'],
    ['/experiences/deal/201/venue/301', 'DealVenue'],
    ['/experiences/product/504', 'Product'],
    ['/experiences/venue/301/product/504', 'VenueProduct'],
    ['/experiences/deal/201/product/507', 'DealProduct'],
    ['/experiences/deal/201/venue/301/product/504', 'DealVenueProduct'],
    ['/experiences/venue/301', 'Venue'],
    ['/experiences/venue/301/1', 'Venue'],
    ['/account/messages', 'Messages'],
    ['/subscriptions', 'Subscriptions'],
    ['/explore', 'Explore'],
    ['/revieworder', 'ReviewOrder'],
    ['/orderhistory', 'OrderHistory'],
    ['/orderdetails/7001', 'OrderDetails'],
    ['/cart', 'Cart'],
    ['/rewards', 'Rewards'],
    ['/rewards/product/12', 'ClaimReward'],
    ['/account/rewards', 'RewardsHistory'],
    ['/rewards/shippingInfo/product/12', 'ShippingInfo'],
    ['/account/rewards/claimed', 'RewardsClaimed'],
    ['/support/questions', 'CommonQuestions'],
    ['/account', 'More'],
    ['/signup', 'Signup'],
  ])('%s is %s', (path, name) => {
    expect(routeNameOf(path)).toBe(name);
  });

  it('is null for an unknown path', () => {
    expect(routeNameOf('/nowhere/else')).toBeNull();
  });
});

describe('preview target (spec 2.2)', () => {
  it('product preview goes to the product', () => {
    expect(decideLanding('Login', preview('product', 504), '?t=p')).toEqual({
      kind: 'redirect',
      to: { name: 'Product', params: { productId: 504 } },
    });
  });

  it('venue preview goes to the venue', () => {
    expect(decideLanding('Login', preview('venue', 302), '?t=p')).toEqual({
      kind: 'redirect',
      to: { name: 'Venue', params: { venueId: 302 } },
    });
  });

  it('submissionVenueId turns a product preview into that venue', () => {
    expect(decideLanding('Login', preview('product', 501), '?t=p&submissionVenueId=301')).toEqual({
      kind: 'redirect',
      to: { name: 'Venue', params: { venueId: 301 } },
    });
    // A malformed value is ignored.
    expect(previewTarget(preview('product', 501).preview, '?submissionVenueId=abc')).toEqual({
      name: 'Product',
      params: { productId: 501 },
    });
  });

  it('a preview deal id gives the Deal-prefixed route', () => {
    expect(decideLanding('Login', preview('product', 507, 201), '?t=p')).toEqual({
      kind: 'redirect',
      to: { name: 'DealProduct', params: { dealId: 201, productId: 507 } },
    });
    expect(previewTarget(preview('venue', 302, 201).preview, '')).toEqual({
      name: 'DealVenue',
      params: { dealId: 201, venueId: 302 },
    });
    expect(previewTarget(preview('product', 501, 201).preview, '?submissionVenueId=301')).toEqual({
      name: 'DealVenue',
      params: { dealId: 201, venueId: 301 },
    });
  });

  it('lets a preview show its previewable pages and sends other landings to the target', () => {
    expect(decideLanding('Product', preview('product', 504), '')).toEqual({ kind: 'allow' });
    expect(decideLanding('Venue', preview('product', 504), '')).toEqual({ kind: 'allow' });
    expect(decideLanding('More', preview('product', 504), '')).toEqual({
      kind: 'redirect',
      to: { name: 'Product', params: { productId: 504 } },
    });
  });
});

describe('preview lock (spec 2.2)', () => {
  const all = Object.keys({
    Login: 1,
    Experiences: 1,
    Deal: 1,
    DealVenue: 1,
    Product: 1,
    VenueProduct: 1,
    DealProduct: 1,
    DealVenueProduct: 1,
    Venue: 1,
    Messages: 1,
    Subscriptions: 1,
    Explore: 1,
    ReviewOrder: 1,
    OrderHistory: 1,
    OrderDetails: 1,
    Cart: 1,
    Rewards: 1,
    ClaimReward: 1,
    RewardsHistory: 1,
    ShippingInfo: 1,
    RewardsClaimed: 1,
    CommonQuestions: 1,
    More: 1,
    Signup: 1,
  }) as RouteName[];

  it('blocks every target outside the eight allowed routes once a page has loaded', () => {
    for (const to of all) {
      expect(isNavigationBlocked({ isPreview: true, pageLoaded: true, to })).toBe(
        !PREVIEW_ALLOWED_ROUTES.includes(to),
      );
    }
    expect(PREVIEW_ALLOWED_ROUTES).toEqual([
      'Login',
      'Product',
      'Venue',
      'VenueProduct',
      'Deal',
      'DealProduct',
      'DealVenue',
      'DealVenueProduct',
    ]);
    expect(isNavigationBlocked({ isPreview: true, pageLoaded: true, to: null })).toBe(true);
  });

  it('does not block before the first page has loaded, or outside preview', () => {
    expect(isNavigationBlocked({ isPreview: true, pageLoaded: false, to: 'More' })).toBe(false);
    expect(isNavigationBlocked({ isPreview: false, pageLoaded: true, to: 'More' })).toBe(false);
  });
});

describe('signed-in and signed-out rules (spec 2.2)', () => {
  it('sends a logged-in user on Login to Experiences', () => {
    expect(decideLanding('Login', loggedIn, '')).toEqual({ kind: 'redirect', to: { name: 'Experiences' } });
    expect(decideLanding('More', loggedIn, '')).toEqual({ kind: 'allow' });
  });

  it('sends a logged-out user on any page but Login and Common Questions to Login', () => {
    expect(decideLanding('Login', loggedOut, '')).toEqual({ kind: 'allow' });
    expect(decideLanding('CommonQuestions', loggedOut, '')).toEqual({ kind: 'allow' });
    for (const route of ['Experiences', 'More', 'Rewards', 'Messages'] as const) {
      expect(decideLanding(route, loggedOut, '')).toEqual({ kind: 'redirect', to: { name: 'Login' } });
    }
  });

  it('shows an unregistered link only the sign-up page', () => {
    expect(decideLanding('Signup', unregistered, '')).toEqual({ kind: 'allow' });
    expect(decideLanding('Login', unregistered, '')).toEqual({ kind: 'redirect', to: { name: 'Signup' } });
    expect(decideLanding('Experiences', unregistered, '')).toEqual({
      kind: 'redirect',
      to: { name: 'Signup' },
    });
  });

  it('treats the sign-up page of a registered link as Login', () => {
    expect(decideLanding('Signup', loggedOut, '')).toEqual({ kind: 'redirect', to: { name: 'Login' } });
    expect(decideLanding('Signup', loggedIn, '')).toEqual({ kind: 'redirect', to: { name: 'Experiences' } });
  });

  it('leaves unknown paths to the catch-all route', () => {
    expect(decideLanding(null, loggedOut, '')).toEqual({ kind: 'allow' });
  });
});
