import { describe, expect, it } from 'vitest';
import { orderItems, sortProducts } from './sorting';

type P = { id: number; type: string; redemptions: number | null; name: string };
const p = (id: number, type: string, redemptions: number | null, name: string): P => ({
  id,
  type,
  redemptions,
  name,
});

describe('sortProducts (spec 9: coupons last, then redemptions ascending, then name)', () => {
  it('puts coupons last whatever their redemptions', () => {
    const products = [
      p(1, 'coupon', 0, 'A coupon'),
      p(2, 'ticket', 5, 'Zed ticket'),
      p(3, 'check-in', 1, 'Check in'),
    ];
    expect(sortProducts(products).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('orders by redemptions ascending, counting null as 0', () => {
    const products = [
      p(1, 'ticket', 3, 'A'),
      p(2, 'ticket', null, 'B'),
      p(3, 'ticket', 1, 'C'),
      p(4, 'ticket', 0, 'D'),
    ];
    expect(sortProducts(products).map((x) => x.id)).toEqual([2, 4, 3, 1]);
  });

  it('then by name, ignoring case, with numbers in number order', () => {
    const products = [
      p(1, 'ticket', 1, 'stop 10'),
      p(2, 'ticket', 1, 'Stop 2'),
      p(3, 'ticket', 1, 'anchor'),
      p(4, 'ticket', 1, 'Éclair'),
      p(5, 'ticket', 1, 'Zebra'),
    ];
    expect(sortProducts(products).map((x) => x.name)).toEqual([
      'anchor',
      'Éclair',
      'Stop 2',
      'stop 10',
      'Zebra',
    ]);
  });

  it('sorts coupons among themselves by redemptions and name', () => {
    const products = [
      p(1, 'coupon', 2, 'B'),
      p(2, 'coupon', 2, 'A'),
      p(3, 'coupon', null, 'C'),
      p(4, 'Coupon', 1, 'D'),
    ];
    expect(sortProducts(products).map((x) => x.id)).toEqual([3, 4, 2, 1]);
  });

  it('is stable for equal keys and never mutates its input', () => {
    const products = Object.freeze([
      p(1, 'ticket', 1, 'Same'),
      p(2, 'ticket', 1, 'same'),
      p(3, 'ticket', 0, 'X'),
    ]);
    const sorted = sortProducts(products);
    expect(sorted.map((x) => x.id)).toEqual([3, 1, 2]);
    expect(products.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(sorted).not.toBe(products);
    expect(sortProducts([])).toEqual([]);
  });
});

describe('orderItems (spec 9: listed ids first, the rest by name, optional cap)', () => {
  const items = [
    { id: 11, name: 'Trail Tee' },
    { id: 12, name: 'Growler' },
    { id: 13, name: 'Hoodie' },
    { id: 14, name: 'anchor mug' },
    { id: 15, name: 'Bottle opener' },
  ];

  it('puts listed ids first in the listed order, the rest by name', () => {
    expect(orderItems(items, [13, 11]).map((x) => x.id)).toEqual([13, 11, 14, 15, 12]);
  });

  it('ignores ids that match no item, and counts a repeated id once', () => {
    expect(orderItems(items, [99, 12, 12, 98]).map((x) => x.id)).toEqual([12, 14, 15, 13, 11]);
  });

  it('orders everything by name without a list', () => {
    expect(orderItems(items).map((x) => x.name)).toEqual([
      'anchor mug',
      'Bottle opener',
      'Growler',
      'Hoodie',
      'Trail Tee',
    ]);
  });

  it('caps the count; 0 gives none; negative, null, undefined or NaN give all', () => {
    expect(orderItems(items, [13], 2).map((x) => x.id)).toEqual([13, 14]);
    expect(orderItems(items, [13], 0)).toEqual([]);
    expect(orderItems(items, [13], -1)).toHaveLength(5);
    expect(orderItems(items, [13], null)).toHaveLength(5);
    expect(orderItems(items, [13], undefined)).toHaveLength(5);
    expect(orderItems(items, [13], Number.NaN)).toHaveLength(5);
    expect(orderItems(items, [13], 50)).toHaveLength(5);
    expect(orderItems(items, [13], 2.9)).toHaveLength(2);
  });

  it('never mutates its inputs and keeps the item objects', () => {
    const frozen = Object.freeze([...items]);
    const ids = Object.freeze([15, 11]);
    const ordered = orderItems(frozen, ids, 3);
    expect(ordered[0]).toBe(items[4]);
    expect(frozen.map((x) => x.id)).toEqual([11, 12, 13, 14, 15]);
    expect(ids).toEqual([15, 11]);
  });
});
