import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CartOrder,
  NOT_ENOUGH_POINTS_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  SHIPPING_INFO_MESSAGE,
} from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { getCart } from '../../../lib/session';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData } from '../../../test/fixtures';
import { dataQueryKey } from '../../app-data';
import { SLOT_GONE_MESSAGE } from '../api/cart';
import { type CartItem, getCartState, saveCart } from '../cart-store';
import {
  availabilityApi,
  cartAnswer,
  growlerAvailability,
  makeCartOrder,
  makeOrderItem,
  rewardsData,
  taproomSlot,
} from '../fixtures.test-helpers';
import { renderRoute } from '../render.test-helpers';
import ReviewOrderPage, {
  CHOOSE_SLOT_MESSAGE,
  completionReload,
  EMPTY_BAG_MESSAGE,
  ORDER_RECEIVED_MESSAGE,
} from './ReviewOrderPage';

const cruiseItem: CartItem = {
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

const getawayLine = makeOrderItem({
  id: 9502,
  reward_item_id: 1212,
  name: 'Lakeshore Getaway Night',
  delivery_method: 'shipped',
  attribute: { id: 1306, name: 'Weeknight', retail_price: 110 },
  points_paid: 1100,
  venue_id: null,
  pickup_instructions: null,
});
const getawayItem: CartItem = {
  ...cruiseItem,
  itemId: 1212,
  orderItemId: 9502,
  deliveryMethod: 'shipped',
  name: 'Lakeshore Getaway Night',
  attributeId: 1306,
  attributeName: 'Weeknight',
  points: 1100,
  venueId: null,
};
const fullAddress = {
  first_name: 'Ava',
  last_name: 'Lindqvist',
  email: 'ava@example.com',
  address: '12 Harbor Street',
  city: 'Port Alder',
  state: 'WI',
  country: 'US',
  zip_code: '54290',
};

function withCart(
  item: CartItem,
  order: Partial<CartOrder> = {},
  extra: Record<string, MockHandler> = {},
  points = 1200,
) {
  window.history.replaceState(null, '', '/pass/revieworder?t=tok');
  saveCart({ orderId: 7100, item, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  return mockApi({
    // No reward has availability unless `extra` says so (availabilityApi).
    ...availabilityApi(),
    'GET /cart/7100': () => ({ status: 200, body: cartAnswer(order) }),
    'GET /partnerUser/1001/points/current': () => ({
      status: 200,
      body: { deal_id: 401, current_points: points, next_points_expiration: null },
    }),
    ...extra,
  });
}

function renderReview(data = rewardsData()) {
  return renderRoute(<ReviewOrderPage />, {
    path: routePaths.ReviewOrder,
    url: '/pass/revieworder?t=tok',
    data,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReviewOrderPage', () => {
  it('an empty bag says so, with a link to Rewards on points offers', async () => {
    mockApi({});
    renderReview();
    expect(screen.getByRole('heading', { level: 1, name: 'My Bag' })).toBeVisible();
    expect(screen.getByText(EMPTY_BAG_MESSAGE, { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse Rewards' })).toHaveAttribute('href', '/rewards?t=tok');
  });

  it('an empty bag on a gamified offer has no Rewards link', () => {
    mockApi({});
    renderReview(makeData());
    expect(screen.getByText(EMPTY_BAG_MESSAGE, { exact: false })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Browse Rewards' })).toBeNull();
  });

  it('lists a pickup line with its points, instructions and totals, and Complete Order is allowed', async () => {
    withCart(cruiseItem);
    renderReview();
    const list = await screen.findByRole('list', { name: 'Items in your bag' });
    const line = within(list).getByRole('listitem', { name: 'Lighthouse Sunset Cruise for Two' });
    expect(within(line).getByText('Qty 1')).toBeVisible();
    expect(within(line).getByText('Pickup')).toBeVisible();
    expect(within(line).getByText('1,000 points')).toBeVisible();
    expect(within(line).getByRole('link', { name: 'Edit Lighthouse Sunset Cruise for Two' })).toHaveAttribute(
      'href',
      '/rewards/product/1211?venueId=303&dealId=401&t=tok',
    );
    expect(
      within(line).getByRole('button', { name: 'Remove Lighthouse Sunset Cruise for Two' }),
    ).toBeEnabled();
    expect(screen.getByText('1 Item')).toBeVisible();
    expect(screen.getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(screen.getByRole('heading', { name: 'Pickup Instructions' })).toBeVisible();
    expect(screen.getByText('Check in at the boat launch 20 minutes before departure.')).toBeVisible();
    expect(screen.getByText('Order Points Total').nextSibling).toHaveTextContent('1,000 points');
    // A bag paid in points shows no cash lines (the one cash rule, decision 0033; cash-totals.test.tsx).
    expect(screen.queryByText('Order Cash Total')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Payments' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Complete Order' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('too few points: the spec 5 message and Complete Order disabled', async () => {
    withCart(cruiseItem, {}, {}, 500);
    renderReview(makeData({ ...rewardsData(), current_points: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH_POINTS_MESSAGE);
    expect(screen.getByRole('button', { name: 'Complete Order' })).toBeDisabled();
  });

  it('shipped without an address: the spec 5 message and Complete Shipping Info leading to ShippingInfo', async () => {
    withCart(getawayItem, { products: [getawayLine], customer: { first_name: 'Ava' } });
    renderReview();
    expect(await screen.findByRole('alert')).toHaveTextContent(SHIPPING_INFO_MESSAGE);
    expect(screen.getByText('Weeknight')).toBeVisible();
    expect(screen.getByText('Ship')).toBeVisible();
    expect(screen.getByText('Please add your shipping information.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Complete Order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Complete Shipping Info' })).toHaveAttribute(
      'href',
      '/rewards/shippingInfo/product/1212?t=tok',
    );
    expect(screen.getByRole('link', { name: 'Edit shipping address' })).toHaveAttribute(
      'href',
      '/rewards/shippingInfo/product/1212?t=tok',
    );
  });

  it('shipped to a complete address (the recipient first): the address shows and the order can complete', async () => {
    withCart(getawayItem, {
      products: [getawayLine],
      customer: fullAddress,
      distribute: { ...fullAddress, first_name: 'Noah', last_name: 'Berg', address: '7 Quay Street' },
    });
    renderReview();
    expect(await screen.findByText('Noah Berg')).toBeVisible();
    expect(screen.getByText('7 Quay Street')).toBeVisible();
    expect(screen.getByText('Port Alder, WI 54290')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete Order' })).toBeEnabled();
  });

  it('completes: the modal, points and /data reload, the cart resets; 2 s later the session is cleared, RewardsHistory and a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(completionReload, 'reload').mockImplementation(() => {});
    const completed = makeCartOrder({
      status: 'completed',
      points_paid: 1000,
      purchased_at: '2026-03-02T15:21:00Z',
    });
    const { calls } = withCart(
      cruiseItem,
      {},
      {
        'PUT /cart/7100/complete': () => ({
          status: 200,
          body: { message: 'Order completed.', order: completed },
        }),
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { client, router } = renderReview();
    client.setQueryData(['pointsHistory', 'tok', 1001, 102, null], { data: [] });

    await user.click(await screen.findByRole('button', { name: 'Complete Order' }));
    const modal = await screen.findByRole('dialog');
    expect(modal).toHaveTextContent(ORDER_RECEIVED_MESSAGE);
    const complete = calls.find((call) => call.url.pathname === '/pass/api/cart/7100/complete');
    expect(complete?.method).toBe('PUT');
    expect(complete?.body).toEqual({
      orderId: 7100,
      distribute: '',
      customer: { first_name: 'Ava', last_name: 'Lindqvist', email: 'ava@example.com' },
    });
    expect(getCart('tok').items).toHaveLength(0);
    expect(client.getQueryState(['pointsHistory', 'tok', 1001, 102, null])?.isInvalidated).toBe(true);
    expect(client.getQueryState(dataQueryKey('tok'))?.isInvalidated).toBe(true);
    // The order stays on screen under the modal.
    expect(screen.getByText('Lighthouse Sunset Cruise for Two')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    window.sessionStorage.setItem(
      'trailpass:tok',
      JSON.stringify({ orders: [{ id: 7100, status: 'completed' }], cart: {} }),
    );
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/rewards'));
    expect(router.state.location.search).toBe('?t=tok');
    expect(window.sessionStorage.getItem('trailpass:tok')).toBeNull();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a refused completion is explained and the order stays', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withCart(
      cruiseItem,
      {},
      {
        'PUT /cart/7100/complete': () => ({
          status: 422,
          body: { error: { code: 'unprocessable', message: NOT_ENOUGH_POINTS_MESSAGE } },
        }),
      },
    );
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH_POINTS_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getCartState().orderId).toBe(7100);
  });

  it('an expired hold at completion shows the expiry and asks for more time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    withCart(
      cruiseItem,
      {},
      {
        'PUT /cart/7100/complete': () => ({
          status: 409,
          body: { error: { code: 'conflict', message: ORDER_EXPIRED_MESSAGE } },
        }),
      },
    );
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Order' }));
    expect(await screen.findByRole('dialog', { name: 'Would you like more time?' })).toBeVisible();
  });

  it('a hold that runs out on My Bag: No lets it go and goes to Rewards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = withCart(
      cruiseItem,
      { leftTime: 3 },
      {
        'DELETE /cart/7100/order_products/9501': () => ({ status: 200, body: cartAnswer({ products: [] }) }),
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderReview();
    expect(await screen.findByRole('timer', { name: 'Time Remaining' })).toHaveTextContent(/^00:0[0-3]$/);
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Would you like more time?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toMatchObject({ moreTime: false });
    expect(getCartState().orderId).toBeNull();
  });

  it('Remove deletes the item, resets the cart and returns to Rewards', async () => {
    const { calls } = withCart(
      cruiseItem,
      {},
      {
        'DELETE /cart/7100/order_products/9501': () => ({ status: 200, body: cartAnswer({ products: [] }) }),
      },
    );
    const { router } = renderReview();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Lighthouse Sunset Cruise for Two' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toBeUndefined();
    expect(getCartState()).toEqual({ orderId: null, item: null, expiresAt: null });
  });

  it('a refused Remove keeps the item and says so', async () => {
    withCart(cruiseItem, {}, { 'DELETE /cart/7100/order_products/9501': () => ({ status: 500 }) });
    const { router } = renderReview();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Lighthouse Sunset Cruise for Two' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not remove this item. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/revieworder');
    expect(getCartState().item?.itemId).toBe(1211);
  });

  it('an order that no longer exists empties the bag (logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    withCart(
      cruiseItem,
      {},
      {
        'GET /cart/7100': () => ({
          status: 404,
          body: { error: { code: 'not_found', message: 'Not found' } },
        }),
      },
    );
    renderReview();
    expect(await screen.findByText(EMPTY_BAG_MESSAGE, { exact: false })).toBeVisible();
    expect(logged).toHaveBeenCalledWith('Grabbing the active Order failed: ', expect.anything());
  });

  it('an order completed elsewhere empties the bag', async () => {
    withCart(cruiseItem, { status: 'completed' });
    renderReview();
    expect(await screen.findByText(EMPTY_BAG_MESSAGE, { exact: false })).toBeVisible();
  });

  it('a bag that does not load keeps the cart and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    withCart(
      cruiseItem,
      {},
      {
        'GET /cart/7100': () => (fail ? { status: 500 } : { status: 200, body: cartAnswer() }),
      },
    );
    renderReview();
    expect(await screen.findByText(/We could not load your bag/)).toBeVisible();
    expect(logged).toHaveBeenCalled();
    expect(getCartState().orderId).toBe(7100);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Complete Order' })).toBeEnabled();
  });
});

const growlerLine = makeOrderItem({
  id: 9510,
  reward_item_id: 1202,
  name: 'Growler Fill at Anchor & Oar',
  venue_id: 301,
  points_paid: 160,
  pickup_instructions: 'Bring this pass to the taproom bar.',
});
const growlerItem: CartItem = {
  ...cruiseItem,
  itemId: 1202,
  orderItemId: 9510,
  name: 'Growler Fill at Anchor & Oar',
  points: 160,
  imageUrl: null,
  venueId: 301,
  slot: taproomSlot,
};

describe('ReviewOrderPage: the pickup slot', () => {
  it('shows the chosen slot on the pickup line, in the entry’s time zone, and the pickup point’s venue', async () => {
    withCart(growlerItem, { products: [growlerLine] }, availabilityApi(growlerAvailability));
    renderReview();
    const line = await screen.findByRole('listitem', { name: 'Growler Fill at Anchor & Oar' });
    expect(within(line).getByText('Pickup: Taproom bar, Tue, Nov 24, 4:00 PM')).toBeVisible();
    expect(screen.getByText('Anchor & Oar Brewing')).toBeVisible();
    expect(screen.getByText('118 Harbor Street, Port Alder, WI 54290')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Complete Order' })).toBeEnabled();
    // Reading the order again keeps the slot (the order itself does not carry it).
    await waitFor(() => expect(getCartState().item?.orderItemId).toBe(9510));
    expect(getCartState().item?.slot).toEqual(taproomSlot);
  });

  it('completing sends the slot with the completion, which takes it (one call, no itemDates after)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(completionReload, 'reload').mockImplementation(() => {});
    const completed = makeCartOrder({ status: 'completed', points_paid: 160, products: [growlerLine] });
    const { calls } = withCart(
      growlerItem,
      { products: [growlerLine] },
      {
        ...availabilityApi(growlerAvailability),
        'PUT /cart/7100/complete': () => ({
          status: 200,
          body: { message: 'Order completed.', order: completed },
        }),
      },
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderReview();
    await user.click(await screen.findByRole('button', { name: 'Complete Order' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(ORDER_RECEIVED_MESSAGE);

    const completion = calls.find((call) => call.url.pathname.endsWith('/cart/7100/complete'));
    expect(completion?.body).toMatchObject({
      orderId: 7100,
      pickupSlot: { date: '2026-11-24', time: '16:00', pickupPoint: 5101 },
    });
    expect(calls.some((call) => call.url.pathname.endsWith('/itemDates'))).toBe(false);
    // The line and its slot stay on screen under the modal; the cart is reset.
    expect(screen.getByText('Pickup: Taproom bar, Tue, Nov 24, 4:00 PM')).toBeInTheDocument();
    expect(getCart('tok').items).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/rewards'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a slot the completion refuses (no longer offered): nothing is completed, and the holder chooses again', async () => {
    const message = 'That time is not available. Choose one of the times offered.';
    const { calls } = withCart(
      { ...growlerItem, slot: { ...taproomSlot, time: '15:00' } },
      { products: [growlerLine] },
      {
        ...availabilityApi(growlerAvailability),
        'PUT /cart/7100/complete': () => ({
          status: 422,
          body: { error: { code: 'unprocessable', message, fields: { 'pickupSlot.time': message } } },
        }),
      },
    );
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SLOT_GONE_MESSAGE);
    expect(screen.getByRole('link', { name: 'Choose another time' })).toHaveAttribute(
      'href',
      '/rewards/product/1202?venueId=301&dealId=401&t=tok',
    );
    expect(calls.filter((call) => call.url.pathname.endsWith('/complete'))).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getCartState().item?.slot?.time).toBe('15:00');
  });

  it('a pickup reward with availability but no slot in the bag asks for one before completing', async () => {
    withCart(
      { ...growlerItem, slot: null },
      { products: [growlerLine] },
      availabilityApi(growlerAvailability),
    );
    renderReview();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHOOSE_SLOT_MESSAGE);
    expect(screen.getByRole('link', { name: 'Choose a time' })).toHaveAttribute(
      'href',
      '/rewards/product/1202?venueId=301&dealId=401&t=tok',
    );
    expect(screen.getByRole('button', { name: 'Complete Order' })).toBeDisabled();
    expect(screen.queryByText(/^Pickup: /)).toBeNull();
  });
});
