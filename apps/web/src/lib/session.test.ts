import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearSessionState,
  clearVuexLocalStorage,
  getCart,
  getOrders,
  getToken,
  NO_TOKEN,
  replaceToken,
  type StoredCart,
  searchWithToken,
  sessionStorageKey,
  setCart,
  setOrders,
  useCartCount,
} from './session';

const cart: StoredCart = {
  orderId: 7001,
  items: [{ itemId: 11, itemType: 'product', attributeId: 3, dealId: 201, deliveryMethod: 'shipped' }],
  expiresAt: '2026-01-01T10:10:00Z',
};

describe('token and storage key', () => {
  it('reads the token from query t', () => {
    expect(getToken('?t=abc123&dealId=201')).toBe('abc123');
    expect(getToken('?dealId=201')).toBeNull();
    expect(getToken('?t=')).toBeNull();
  });

  it('builds the session-storage key from the token, NO-TOKEN when absent', () => {
    expect(sessionStorageKey('abc123')).toBe('trailpass:abc123');
    expect(sessionStorageKey(null)).toBe(`trailpass:${NO_TOKEN}`);
    expect(NO_TOKEN).toBe('NO-TOKEN');
  });
});

describe('replacing the token (decision 0022: a public link’s visitor token)', () => {
  it('sets t and keeps every other parameter in its place', () => {
    expect(searchWithToken('?t=shared&dealId=201&src=poster', 'mine')).toBe('?t=mine&dealId=201&src=poster');
    expect(searchWithToken('?dealId=201&t=shared', 'mine')).toBe('?dealId=201&t=mine');
    expect(searchWithToken('?dealId=201', 'mine')).toBe('?dealId=201&t=mine');
    expect(searchWithToken('', 'mine')).toBe('?t=mine');
  });

  it('replaces t in the address bar without a new history entry, keeping the path, query, hash and state', async () => {
    window.history.pushState({ idx: 3 }, '', '/pass/support/questions?t=shared&dealId=201#faq-2');
    const entries = window.history.length;
    await replaceToken('mine');
    expect(window.location.pathname).toBe('/pass/support/questions');
    expect(window.location.search).toBe('?t=mine&dealId=201');
    expect(window.location.hash).toBe('#faq-2');
    expect(window.history.state).toEqual({ idx: 3 });
    expect(window.history.length).toBe(entries);
    expect(getToken()).toBe('mine');
  });
});

describe('orders and cart in session storage', () => {
  it('round-trips the cart and the orders under the token key', () => {
    setCart(cart, 'abc');
    setOrders([{ id: 7001, status: 'draft' }], 'abc');
    expect(getCart('abc')).toEqual(cart);
    expect(getOrders('abc')).toEqual([{ id: 7001, status: 'draft' }]);
    expect(JSON.parse(window.sessionStorage.getItem('trailpass:abc') ?? '{}')).toEqual({
      orders: [{ id: 7001, status: 'draft' }],
      cart,
    });
    // Another token has its own state.
    expect(getCart('other').items).toEqual([]);
  });

  it('uses the NO-TOKEN key without a token', () => {
    setCart(cart, null);
    expect(window.sessionStorage.getItem('trailpass:NO-TOKEN')).not.toBeNull();
  });

  it('persists only orders and cart', () => {
    setCart({ ...cart, extra: 'ignored' } as StoredCart, 'abc');
    window.sessionStorage.setItem(
      'trailpass:abc',
      JSON.stringify({ orders: [], cart, secret: 'x', partner_user: { id: 1 } }),
    );
    setOrders([], 'abc');
    expect(Object.keys(JSON.parse(window.sessionStorage.getItem('trailpass:abc') ?? '{}')).sort()).toEqual([
      'cart',
      'orders',
    ]);
  });

  it('survives corrupt storage', () => {
    window.sessionStorage.setItem('trailpass:abc', '{not json');
    expect(getCart('abc').items).toEqual([]);
    expect(getOrders('abc')).toEqual([]);
  });

  it('clears the session state and vuex- local-storage keys only', () => {
    setCart(cart, 'abc');
    window.localStorage.setItem('vuex-cart', '1');
    window.localStorage.setItem('vuex-rewards', '1');
    window.localStorage.setItem('keep-me', '1');
    clearSessionState('abc');
    clearVuexLocalStorage();
    expect(window.sessionStorage.getItem('trailpass:abc')).toBeNull();
    expect(window.localStorage.getItem('vuex-cart')).toBeNull();
    expect(window.localStorage.getItem('vuex-rewards')).toBeNull();
    expect(window.localStorage.getItem('keep-me')).toBe('1');
  });

  it('useCartCount follows setCart', () => {
    window.history.replaceState(null, '', '/pass/experiences?t=abc');
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => setCart(cart));
    expect(result.current).toBe(1);
    act(() => clearSessionState());
    expect(result.current).toBe(0);
  });
});
