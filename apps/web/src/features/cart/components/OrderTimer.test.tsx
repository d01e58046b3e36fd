import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_EXPIRED_MESSAGE, SOLD_OUT_MESSAGE } from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { type CartItem, getCartState, saveCart } from '../cart-store';
import { cartAnswer, rewardsData } from '../fixtures.test-helpers';
import { renderRoute } from '../render.test-helpers';
import { formatCountdown, OrderTimer, secondsLeft } from './OrderTimer';

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
  imageUrl: null,
  venueId: 303,
  giftable: false,
  slot: null,
};

function renderTimer(secondsToGo: number) {
  window.history.replaceState(null, '', '/pass/revieworder?t=tok');
  saveCart({ orderId: 7100, item, expiresAt: new Date(Date.now() + secondsToGo * 1000).toISOString() });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const utils = renderRoute(<OrderTimer />, {
    path: '/revieworder',
    url: '/pass/revieworder?t=tok',
    data: rewardsData(),
  });
  return { ...utils, user };
}

async function runOut(seconds: number) {
  await act(async () => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

describe('formatCountdown and secondsLeft', () => {
  it('reads minutes:seconds', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(-3)).toBe('00:00');
  });
  it('rounds a fresh hold up to whole seconds', () => {
    const now = Date.parse('2026-03-02T15:20:00.000Z');
    expect(secondsLeft('2026-03-02T15:30:00.000Z', now)).toBe(600);
    expect(secondsLeft('2026-03-02T15:29:59.500Z', now)).toBe(600);
    expect(secondsLeft('2026-03-02T15:19:00.000Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });
});

describe('OrderTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing without an item in the cart', () => {
    window.history.replaceState(null, '', '/pass/revieworder?t=tok');
    mockApi({});
    renderRoute(<OrderTimer />, {
      path: '/revieworder',
      url: '/pass/revieworder?t=tok',
      data: rewardsData(),
    });
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('counts down, and Yes keeps the order alive and restarts at 10:00', async () => {
    const { calls } = mockApi({
      'PUT /cart/7100/keepOrderAlive': () => ({ status: 200, body: cartAnswer({ leftTime: 600 }) }),
      'GET /cart/7100': () => ({ status: 200, body: cartAnswer({ leftTime: 600 }) }),
    });
    const { user } = renderTimer(65);
    const timer = screen.getByRole('timer', { name: 'Time Remaining' });
    expect(timer).toHaveTextContent('01:05');
    await runOut(6);
    expect(timer).toHaveTextContent('00:59');

    await runOut(59);
    expect(screen.getByText(ORDER_EXPIRED_MESSAGE)).toBeVisible();
    expect(screen.queryByRole('timer')).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Would you like more time?' });

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent('10:00'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const keepAlive = calls.find((call) => call.url.pathname === '/pass/api/cart/7100/keepOrderAlive');
    expect(keepAlive?.method).toBe('PUT');
    expect(keepAlive?.body).toEqual({ orderId: 7100 });
    expect(getCartState().item?.itemId).toBe(1211);

    await runOut(1);
    expect(screen.getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent('09:59');
  });

  it('No sends the expiry notice (moreTime false), empties the cart and goes to Rewards', async () => {
    const { calls } = mockApi({
      'DELETE /cart/7100/order_products/9501': () => ({ status: 200, body: cartAnswer({ products: [] }) }),
    });
    const { user, router } = renderTimer(2);
    await runOut(2);
    const dialog = screen.getByRole('dialog', { name: 'Would you like more time?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(router.state.location.search).toBe('?t=tok');
    const expiry = calls.find((call) => call.method === 'DELETE');
    expect(expiry?.url.pathname).toBe('/pass/api/cart/7100/order_products/9501');
    expect(expiry?.body).toEqual({
      orderId: 7100,
      itemType: 'order_products',
      itemId: 9501,
      moreTime: false,
    });
    expect(getCartState()).toEqual({ orderId: null, item: null, expiresAt: null });
  });

  it('closing the dialog (Escape) counts as No, and a failed notice still empties the cart', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockApi({ 'DELETE /cart/7100/order_products/9501': () => ({ status: 500 }) });
    const { user, router } = renderTimer(1);
    await runOut(1);
    expect(screen.getByRole('dialog', { name: 'Would you like more time?' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(getCartState().item).toBeNull();
  });

  it('a hold that cannot come back says why and offers the way back to Rewards', async () => {
    mockApi({
      'PUT /cart/7100/keepOrderAlive': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: SOLD_OUT_MESSAGE } },
      }),
      'DELETE /cart/7100/order_products/9501': () => ({ status: 200, body: cartAnswer({ products: [] }) }),
    });
    const { user, router } = renderTimer(1);
    await runOut(1);
    const dialog = screen.getByRole('dialog', { name: 'Would you like more time?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByText(SOLD_OUT_MESSAGE)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back to Rewards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
  });
});
