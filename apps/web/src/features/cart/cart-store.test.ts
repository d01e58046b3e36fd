import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCart, useCartCount } from '../../lib/session';
import {
  type CartItem,
  clearCartSession,
  expiryFromLeftTime,
  getCartState,
  patchCart,
  resetCart,
  saveCart,
  useCart,
} from './cart-store';

const item: CartItem = {
  itemId: 1211,
  itemType: 'product',
  attributeId: null,
  dealId: null,
  deliveryMethod: 'picked_up',
  orderItemId: 9501,
  name: 'Lighthouse Sunset Cruise for Two',
  attributeName: null,
  points: 1000,
  imageUrl: '/pass/media/sunset-cruise.svg',
  venueId: 303,
  giftable: false,
  slot: null,
};

describe('cart store', () => {
  beforeEach(() => window.history.replaceState(null, '', '/pass/rewards?t=tok'));

  it('keeps the order, the item and its display info under the token key, surviving a reload', () => {
    saveCart({ orderId: 7100, item, expiresAt: '2026-01-01T10:10:00.000Z' });
    const stored = JSON.parse(window.sessionStorage.getItem('trailpass:tok') ?? '{}');
    expect(Object.keys(stored).sort()).toEqual(['cart', 'orders']);
    expect(getCart('tok').items).toHaveLength(1);
    expect(getCartState()).toEqual({ orderId: 7100, item, expiresAt: '2026-01-01T10:10:00.000Z' });
    expect(getCartState('other')).toEqual({ orderId: null, item: null, expiresAt: null });
  });

  it('patches the item, resets, and clears the session', () => {
    saveCart({ orderId: 7100, item, expiresAt: null });
    patchCart({ item: { deliveryMethod: 'shipped' } });
    expect(getCartState().item?.deliveryMethod).toBe('shipped');
    resetCart();
    expect(getCartState()).toEqual({ orderId: null, item: null, expiresAt: null });
    saveCart({ orderId: 7100, item, expiresAt: null });
    clearCartSession();
    expect(window.sessionStorage.getItem('trailpass:tok')).toBeNull();
  });

  it('useCart and the badge count follow every change', () => {
    const cart = renderHook(() => useCart());
    const count = renderHook(() => useCartCount());
    expect(cart.result.current.item).toBeNull();
    act(() => saveCart({ orderId: 1, item, expiresAt: null }));
    expect(cart.result.current.item?.name).toBe('Lighthouse Sunset Cruise for Two');
    expect(count.result.current).toBe(1);
    act(() => resetCart());
    expect(cart.result.current.orderId).toBeNull();
    expect(count.result.current).toBe(0);
  });

  it('keeps a pickup slot with the item across a reload; a partial or shipped one is dropped', () => {
    const slot = {
      date: '2026-11-24',
      time: '16:00',
      timezone: 'America/Chicago',
      pickupPointId: 5101,
      pickupPointName: 'Taproom bar',
      venueName: 'Anchor & Oar Brewing',
      address: null,
    };
    saveCart({ orderId: 7100, item: { ...item, slot }, expiresAt: null });
    const stored = JSON.parse(window.sessionStorage.getItem('trailpass:tok') ?? '{}');
    expect(stored.cart.items[0].slot).toEqual(slot);
    expect(getCartState().item?.slot).toEqual(slot);

    const write = (line: Record<string, unknown>) =>
      window.sessionStorage.setItem(
        'trailpass:tok',
        JSON.stringify({ orders: [], cart: { orderId: 7100, items: [line], expiresAt: null } }),
      );
    write({ ...item, slot: { ...slot, time: '4pm' } });
    expect(getCartState().item?.slot).toBeNull();
    write({ ...item, slot: { date: '2026-11-24', time: '16:00' } });
    expect(getCartState().item?.slot).toBeNull();
    write({ ...item, deliveryMethod: 'shipped', slot });
    expect(getCartState().item?.slot).toBeNull();
    // A line from a build before slots reads as having none.
    const { slot: _none, ...older } = item;
    write(older);
    expect(getCartState().item?.slot).toBeNull();
  });

  it('reads the hold end from the server seconds left', () => {
    expect(expiryFromLeftTime(600, Date.parse('2026-01-01T10:00:00Z'))).toBe('2026-01-01T10:10:00.000Z');
  });
});
