import { isFixedShowcase } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { orderModules, relationIds, userLocation, venueMiles } from '../src/modules/assignments/domain';

describe('isFixedShowcase (spec 2.4)', () => {
  it('fixes an ImageShowcase with sort_order 1 or 2 on deal, venue and product pages', () => {
    for (const page of ['deal', 'venue', 'product'] as const) {
      expect(isFixedShowcase('ImageShowcase', 1, page)).toBe(true);
      expect(isFixedShowcase('ImageShowcase', 2, page)).toBe(true);
      expect(isFixedShowcase('ImageShowcase', 0, page)).toBe(false);
      expect(isFixedShowcase('ImageShowcase', 3, page)).toBe(false);
      expect(isFixedShowcase('ImageShowcase', 5, page)).toBe(false);
      expect(isFixedShowcase('Html', 1, page)).toBe(false);
      expect(isFixedShowcase(null, 1, page)).toBe(false);
    }
  });

  it('never fixes anything on an offer page', () => {
    expect(isFixedShowcase('ImageShowcase', 1, 'offer')).toBe(false);
    expect(isFixedShowcase('ImageShowcase', 2, 'offer')).toBe(false);
  });
});

describe('orderModules', () => {
  it('orders by sort_order, then by the assignment list for equal ones', () => {
    const modules = [
      { id: 3, sort_order: 2 },
      { id: 1, sort_order: 0 },
      { id: 5, sort_order: 1 },
      { id: 4, sort_order: 1 },
    ];
    expect(orderModules(modules, [1, 4, 5, 3]).map((m) => m.id)).toEqual([1, 4, 5, 3]);
    expect(orderModules(modules, [1, 5, 4, 3]).map((m) => m.id)).toEqual([1, 5, 4, 3]);
    // Input untouched.
    expect(modules.map((m) => m.id)).toEqual([3, 1, 5, 4]);
  });
});

describe('relationIds', () => {
  it('collects the relation id lists of all modules, each id once, and ignores inline keys', () => {
    const ids = relationIds([
      { data: { venues: [301, 302], media: [2019], label: 'x', items: [{ id: 1 }], sorted: [1211] } },
      { data: { venues: [302, 303], perks: [651], rewardItems: [1210] } },
      { data: { categories: [401], deals: [201], products: [504], packages: [601] } },
    ]);
    expect(ids).toEqual({
      venues: [301, 302, 303],
      categories: [401],
      media: [2019],
      deals: [201],
      products: [504],
      packages: [601],
      rewardItems: [1210],
      perks: [651],
    });
  });

  it('ignores lists that are not lists of ids', () => {
    const ids = relationIds([
      { data: { venues: '301', media: [2019, '2020', -1, 0, 1.5, null, 2021] } },
      { data: {} },
      { data: null },
    ]);
    expect(ids.venues).toEqual([]);
    expect(ids.media).toEqual([2019, 2021]);
  });
});

describe('venueMiles and userLocation', () => {
  const anchor = { latitude: 44.0921, longitude: -87.6563 };

  it('needs both the user location and the venue coordinates', () => {
    expect(venueMiles(anchor, anchor)).toBe(0);
    expect(venueMiles(null, anchor)).toBeNull();
    expect(venueMiles(anchor, { latitude: null, longitude: null })).toBeNull();
    expect(venueMiles(anchor, { latitude: 44.1, longitude: null })).toBeNull();
  });

  it('gives great-circle miles (307 Northwoods is about 150 miles from 301)', () => {
    const miles = venueMiles(anchor, { latitude: 45.9244, longitude: -89.247 });
    expect(miles).toBeGreaterThan(140);
    expect(miles).toBeLessThan(160);
  });

  it('takes the location from the query only when both coordinates are there', () => {
    expect(userLocation({ latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2 });
    expect(userLocation({ latitude: 0, longitude: 0 })).toEqual({ latitude: 0, longitude: 0 });
    expect(userLocation({ latitude: 1 })).toBeNull();
    expect(userLocation({})).toBeNull();
  });
});
