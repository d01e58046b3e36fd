import type { CatalogueReward } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import {
  formatPoints,
  matches,
  pageOf,
  previewRequest,
  priceLines,
  stockLines,
  stockText,
  toVenueCodeRequest,
  typeLabel,
} from './catalogue';

const hoodie: CatalogueReward = {
  id: 1206,
  name: 'Lakeshore Trail Hoodie',
  type: 'product',
  dealName: 'Brew Trail Passport',
  pointsPrice: null,
  options: [
    { id: 1304, name: 'M', pointsPrice: 300 },
    { id: 1305, name: 'XL', pointsPrice: 1320 },
  ],
  stock: [
    { key: '0', option: null, left: 10, held: 2 },
    { key: '1305', option: 'XL', left: null, held: 0 },
  ],
  shipped: true,
  pickedUp: false,
};

describe('prices and stock as they read', () => {
  it('formats points', () => {
    expect(formatPoints(1)).toBe('1 point');
    expect(formatPoints(1320)).toBe('1,320 points');
  });

  it('gives a price per option', () => {
    expect(priceLines(hoodie)).toEqual(['M: 300 points', 'XL: 1,320 points']);
    expect(priceLines({ ...hoodie, options: [], pointsPrice: 80 })).toEqual(['80 points']);
  });

  it('reads each key of the stock', () => {
    expect(stockText({ left: 12, held: 1 })).toBe('12 left · 1 in carts');
    expect(stockText({ left: 1200, held: 0 })).toBe('1,200 left');
    expect(stockText({ left: null, held: 0 })).toBe('No limit');
    expect(stockLines(hoodie)).toEqual(['All options: 10 left · 2 in carts', 'XL: No limit']);
    expect(stockLines({ ...hoodie, stock: null })).toEqual(['No limit']);
    expect(
      stockLines({ ...hoodie, options: [], stock: [{ key: '0', option: null, left: 0, held: 0 }] }),
    ).toEqual(['0 left']);
  });
});

describe('typeLabel', () => {
  it('reads the import’s types as words', () => {
    expect(typeLabel('check-in')).toBe('Check in');
    expect(typeLabel('ticket')).toBe('Ticket');
  });
});

describe('matches', () => {
  it('finds every word in any field, without case or accents', () => {
    expect(matches('', ['anything'])).toBe(true);
    expect(matches('growler anchor', ['Growler Fill at Anchor & Oar', 'Brew Trail Passport'])).toBe(true);
    expect(matches('growler passport', ['Growler Fill at Anchor & Oar', 'Brew Trail Passport'])).toBe(true);
    expect(matches('cafe', ['Café Crème', null])).toBe(true);
    expect(matches('tee', ['Growler Fill', undefined])).toBe(false);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 27 }, (_, i) => i);
  it('gives the page asked for', () => {
    expect(pageOf(rows, 0, 25)).toEqual({ rows: rows.slice(0, 25), page: 0 });
    expect(pageOf(rows, 1, 25)).toEqual({ rows: [25, 26], page: 1 });
  });

  it('keeps to the last page there is', () => {
    expect(pageOf(rows, 5, 25)).toEqual({ rows: [25, 26], page: 1 });
    expect(pageOf([], 3, 25)).toEqual({ rows: [], page: 0 });
  });
});

describe('the dialogs’ requests', () => {
  it('lets the server choose the code unless one is typed', () => {
    expect(toVenueCodeRequest('')).toEqual({ request: {} });
    expect(toVenueCodeRequest(' 0420 ')).toEqual({ request: { code: '0420' } });
    expect(toVenueCodeRequest('420')).toEqual({
      errors: { code: 'A check-in code is 4 digits, like 4821.' },
    });
  });

  it('previews a product inside its deal and a venue on its own', () => {
    const product = { id: 507, name: 'Brewery Tour for Two', type: 'ticket', dealId: 201, venueId: 302 };
    expect(previewRequest({ type: 'product', product })).toEqual({ type: 'product', id: 507, dealId: 201 });
    expect(previewRequest({ type: 'product', product: { ...product, dealId: null } })).toEqual({
      type: 'product',
      id: 507,
      dealId: null,
    });
    const venue = { id: 302, name: 'Driftwood Brewing Co.', address: null, hasCode: true, shared: false };
    expect(previewRequest({ type: 'venue', venue })).toEqual({ type: 'venue', id: 302 });
  });
});
