import { describe, expect, it } from 'vitest';
import { buildHref, pathFor, routePaths } from './routes';

describe('route table', () => {
  it('has every spec 2.1 route plus Signup', () => {
    expect(Object.keys(routePaths)).toHaveLength(24);
    expect(routePaths.Venue).toBe('/experiences/venue/:venueId/:tab?');
    expect(routePaths.More).toBe('/account');
  });

  it('fills params, with the optional venue tab', () => {
    expect(pathFor('DealVenueProduct', { dealId: 201, venueId: 301, productId: 504 })).toBe(
      '/experiences/deal/201/venue/301/product/504',
    );
    expect(pathFor('Venue', { venueId: 301 })).toBe('/experiences/venue/301');
    expect(pathFor('Venue', { venueId: 301, tab: 1 })).toBe('/experiences/venue/301/1');
  });
});

describe('buildHref keeps query t', () => {
  it('adds the current t to every target', () => {
    expect(buildHref('Explore', '?t=abc')).toBe('/explore?t=abc');
    expect(buildHref({ name: 'Product', params: { productId: 504 } }, '?t=abc&foo=1')).toBe(
      '/experiences/product/504?t=abc',
    );
  });

  it('keeps the target query and never lets it replace t', () => {
    expect(
      buildHref(
        { name: 'OrderDetails', params: { orderId: 7 }, query: { type: 'products', t: 'evil' } },
        '?t=abc',
      ),
    ).toBe('/orderdetails/7?type=products&t=abc');
  });

  it('works without a token', () => {
    expect(buildHref('Login', '')).toBe('/login');
  });
});
