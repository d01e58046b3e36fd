import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ORDER_EXPIRED_MESSAGE, SOLD_OUT_MESSAGE } from '@trailpass/contract';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { mockApi } from '../../../test/api-mock';
import { testQueryClient } from '../../../test/render';
import { type CartItem, getCartState, saveCart } from '../cart-store';
import { cartAnswer, makeOrderItem, taproomSlot } from '../fixtures.test-helpers';
import {
  CART_FAILED_MESSAGE,
  cartErrorMessage,
  cartItemPathType,
  claimBranch,
  isOrderExpiredError,
  mentionsPoints,
  ORDER_GONE_MESSAGE,
  syncCartFromOrder,
  useUpdateOrder,
} from './cart';

const item: CartItem = {
  itemId: 1212,
  itemType: 'product',
  attributeId: 1306,
  dealId: null,
  deliveryMethod: 'shipped',
  orderItemId: 9502,
  name: 'Lakeshore Getaway Night',
  attributeName: 'Weeknight',
  points: 1100,
  imageUrl: null,
  venueId: null,
  giftable: false,
  slot: null,
};

beforeEach(() => window.history.replaceState(null, '', '/pass/rewards/shippingInfo/product/1212?t=tok'));

describe('cart calls', () => {
  it('names item types in the order_{type}s form', () => {
    expect(cartItemPathType('product')).toBe('order_products');
    expect(cartItemPathType('deal')).toBe('order_deals');
    expect(cartItemPathType('package')).toBe('order_packages');
  });

  it('spec 4 submit branches: create without an order, update for the same item, add otherwise', () => {
    expect(claimBranch({ orderId: null, item: null, expiresAt: null }, { id: 1212, type: 'product' })).toBe(
      'create',
    );
    expect(claimBranch({ orderId: 7100, item, expiresAt: null }, { id: 1212, type: 'product' })).toBe(
      'update',
    );
    expect(claimBranch({ orderId: 7100, item: null, expiresAt: null }, { id: 1212, type: 'product' })).toBe(
      'add',
    );
  });

  it('explains refusals in the server’s words for rules, and in ours otherwise', () => {
    expect(cartErrorMessage(new ApiError(409, 'conflict', SOLD_OUT_MESSAGE))).toBe(SOLD_OUT_MESSAGE);
    expect(cartErrorMessage(new ApiError(404, 'not_found', 'Not found'))).toBe(ORDER_GONE_MESSAGE);
    expect(cartErrorMessage(new ApiError(500, 'internal', 'Internal error'))).toBe(CART_FAILED_MESSAGE);
    expect(cartErrorMessage(new TypeError('Failed to fetch'), 'Try again.')).toBe('Try again.');
    expect(isOrderExpiredError(new ApiError(409, 'conflict', ORDER_EXPIRED_MESSAGE))).toBe(true);
    expect(isOrderExpiredError(new ApiError(409, 'conflict', SOLD_OUT_MESSAGE))).toBe(false);
  });

  it('refreshes every query whose key mentions points', () => {
    expect(mentionsPoints({ queryKey: ['pointsCurrent', 'tok', 1001] })).toBe(true);
    expect(mentionsPoints({ queryKey: ['rewards', 'pointsHistory'] })).toBe(true);
    expect(mentionsPoints({ queryKey: ['data', 'tok'] })).toBe(false);
  });

  it('syncs the stored cart from an order answer, and a completed order empties it', () => {
    saveCart({ orderId: 7100, item: { ...item, itemId: 1211, orderItemId: null }, expiresAt: null });
    syncCartFromOrder(cartAnswer({ leftTime: 120 }));
    const cart = getCartState();
    expect(cart.item).toMatchObject({ itemId: 1211, orderItemId: 9501, points: 1000 });
    expect(Date.parse(cart.expiresAt ?? '') - Date.now()).toBeGreaterThan(118_000);
    syncCartFromOrder(cartAnswer({ status: 'completed' }));
    expect(getCartState()).toEqual({ orderId: null, item: null, expiresAt: null });
  });

  it('keeps the chosen pickup slot through an order answer for the same pickup item, not once it is shipped', () => {
    const pickup: CartItem = { ...item, itemId: 1211, deliveryMethod: 'picked_up', slot: taproomSlot };
    saveCart({ orderId: 7100, item: pickup, expiresAt: null });
    syncCartFromOrder(cartAnswer());
    expect(getCartState().item?.slot).toEqual(taproomSlot);
    syncCartFromOrder(cartAnswer({ products: [makeOrderItem({ delivery_method: 'shipped' })] }));
    expect(getCartState().item?.slot).toBeNull();
  });

  it('useUpdateOrder sends the addresses with the item and its option, and stores the answer', async () => {
    saveCart({ orderId: 7100, item, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const saved = cartAnswer({
      leftTime: 500,
      distribute: null,
      customer: { first_name: 'Ava', city: 'Port Alder' },
    });
    const { calls } = mockApi({
      'PUT /cart/7100': () => ({ status: 200, body: saved }),
      'GET /cart/7100': () => ({ status: 200, body: saved }),
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateOrder(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({
        distribute: false,
        customer: { first_name: 'Ava', city: 'Port Alder' },
      });
    });
    expect(calls[0]?.body).toEqual({
      orderId: 7100,
      distribute: false,
      customer: { first_name: 'Ava', city: 'Port Alder' },
      itemId: 9502,
      itemType: 'order_products',
      attributeId: 1306,
    });
    await waitFor(() => expect(client.getQueryData(['cart', 'order', 'tok', 7100])).toEqual(saved));
  });
});
