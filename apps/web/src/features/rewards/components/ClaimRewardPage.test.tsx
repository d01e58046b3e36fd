import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOT_ENOUGH_POINTS_FOR_OPTIONS,
  NOT_ENOUGH_POINTS_MESSAGE,
  type RewardItem,
  SOLD_OUT_MESSAGE,
} from '@trailpass/contract';
import { describe, expect, it, vi } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { getCart } from '../../../lib/session';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { type CartItem, getCartState } from '../../cart';
import { saveCart } from '../../cart/cart-store';
import {
  assignmentWithVenue,
  cartAnswer,
  cruise,
  getaway,
  makeOrderItem,
  pintGlasses,
  rewardsData,
  tumbler,
} from '../../cart/fixtures.test-helpers';
import { renderRoute } from '../../cart/render.test-helpers';
import ClaimRewardPage from './ClaimRewardPage';

const catalogue = [cruise, getaway, pintGlasses, tumbler];

function api(extra: Record<string, MockHandler> = {}, items: RewardItem[] = catalogue, points = 1200) {
  return mockApi({
    'GET /partnerUser/1001/rewards': () => ({ status: 200, body: { deal_id: null, rewardItems: items } }),
    'GET /partnerUser/1001/points/current': () => ({
      status: 200,
      body: { deal_id: 401, current_points: points, next_points_expiration: null },
    }),
    ...extra,
  });
}

function renderClaim(item: Pick<RewardItem, 'type' | 'id'>, data = rewardsData()) {
  return renderRoute(<ClaimRewardPage />, {
    path: routePaths.ClaimReward,
    url: `/pass/rewards/${item.type}/${item.id}?t=tok`,
    data,
  });
}

const submitButton = (name: RegExp | string) => screen.findByRole('button', { name });

const heldTumbler: CartItem = {
  itemId: 1210,
  itemType: 'product',
  attributeId: null,
  dealId: null,
  deliveryMethod: 'shipped',
  orderItemId: 9500,
  name: 'Insulated Tumbler',
  attributeName: null,
  points: 450,
  imageUrl: null,
  venueId: null,
  giftable: false,
};

const tumblerLine = makeOrderItem({
  id: 9500,
  order_id: 7090,
  reward_item_id: 1210,
  name: tumbler.name,
  delivery_method: 'shipped',
  points_paid: 450,
});
const tumblerOrder = cartAnswer({ id: 7090, leftTime: 300, products: [tumblerLine] });

describe('ClaimRewardPage', () => {
  it('claims a pickup-only reward: picked up preselected, venue address, create, then ReviewOrder', async () => {
    const { calls } = api({
      'POST /cart': () => ({ status: 200, body: cartAnswer() }),
      'GET /cart/7100': () => ({ status: 200, body: cartAnswer() }),
    });
    const { client } = renderClaim(cruise);
    client.setQueryData(['assignment', 'tok', 'holder', 'offer', 102, 'pass'], assignmentWithVenue());

    expect(await screen.findByRole('heading', { level: 1, name: cruise.name })).toBeVisible();
    expect(screen.getByText('This order will be picked up.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pickup Instructions' })).toBeVisible();
    expect(screen.getByText('Check in at the boat launch 20 minutes before departure.')).toBeVisible();
    expect(screen.getByText('1,000 points')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Options' })).toBeNull();
    // No order yet: no countdown, but the hold is explained.
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText(/we hold this reward for you for 10 minutes/)).toBeVisible();

    const submit = await submitButton('Continue To Checkout');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/revieworder');
    const create = calls.find((call) => call.method === 'POST');
    expect(create?.url.pathname).toBe('/pass/api/cart');
    expect(create?.body).toEqual({
      offerId: 102,
      partnerUserId: 1001,
      dealId: null,
      qty: 1,
      itemId: 1211,
      itemType: 'product',
      deliveryMethod: 'picked_up',
      payWithPoints: true,
      customer: {
        first_name: 'Ava',
        last_name: 'Lindqvist',
        email: 'ava@example.com',
        phone: '+19205550123',
      },
    });
    const cart = getCartState();
    expect(cart.orderId).toBe(7100);
    expect(cart.item).toMatchObject({
      itemId: 1211,
      orderItemId: 9501,
      deliveryMethod: 'picked_up',
      points: 1000,
    });
    expect(getCart('tok').items).toHaveLength(1);
  });

  it('shows the venue address beside the pickup instructions when a loaded page names the venue', async () => {
    api();
    const { client } = renderClaim(cruise);
    client.setQueryData(['assignment', 'tok', 'holder', 'offer', 102, 'pass'], assignmentWithVenue());
    await screen.findByRole('heading', { level: 1, name: cruise.name });
    expect(screen.getByText('Lighthouse Point Beach')).toBeVisible();
    expect(screen.getByText('North Lakeshore Drive, Port Alder, WI 54290')).toBeVisible();
  });

  it('options: too costly ones are disabled with the note; submit waits for a choice; shipped goes to ShippingInfo', async () => {
    const claimed = cartAnswer({
      products: [
        makeOrderItem({
          id: 9502,
          reward_item_id: 1212,
          name: getaway.name,
          delivery_method: 'shipped',
          attribute: { id: 1306, name: 'Weeknight', retail_price: 110 },
          points_paid: 1100,
        }),
      ],
    });
    const { calls } = api({
      'POST /cart': () => ({ status: 200, body: claimed }),
      'GET /cart/7100': () => ({ status: 200, body: claimed }),
    });
    renderClaim(getaway);

    expect(await screen.findByRole('heading', { name: 'Options' })).toBeVisible();
    const weeknight = screen.getByRole('button', { name: 'Weeknight · 1,100 points' });
    const weekend = screen.getByRole('button', { name: 'Weekend · 1,400 points' });
    expect(weeknight).toBeEnabled();
    expect(weekend).toBeDisabled();
    expect(screen.getByText(NOT_ENOUGH_POINTS_FOR_OPTIONS)).toBeVisible();
    expect(screen.getByText('This order will be shipped.')).toBeVisible();
    expect(screen.getByText('The certificate is mailed within 5 business days.')).toBeVisible();

    const submit = await submitButton('Go To Shipping Info');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Choose an option to continue.')).toBeVisible();

    await userEvent.click(weeknight);
    expect(weeknight).toHaveAttribute('aria-pressed', 'true');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/rewards/shippingInfo/product/1212');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      qty: { '1306': 1 },
      itemId: 1212,
      deliveryMethod: 'shipped',
    });
    expect(getCartState().item).toMatchObject({
      attributeId: 1306,
      attributeName: 'Weeknight',
      points: 1100,
    });
  });

  it('an option with no tickets left is disabled and says Sold out; no note when all are affordable', async () => {
    api({}, [{ ...getaway, ticketsAvailable: { '0': 6, '1307': 0 } }], 5000);
    renderClaim(getaway);
    expect(await screen.findByRole('button', { name: 'Weekend · 1,400 points · Sold out' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Weeknight · 1,100 points' })).toBeEnabled();
    await waitFor(() => expect(screen.queryByText(NOT_ENOUGH_POINTS_FOR_OPTIONS)).toBeNull());
  });

  it('shipped or pickup: no delivery method is preselected, and the button follows the choice', async () => {
    api();
    renderClaim(pintGlasses);
    const group = await screen.findByRole('region', { name: 'Delivery Type' });
    const shipped = within(group).getByRole('button', { name: 'Shipped' });
    const pickup = within(group).getByRole('button', { name: 'Pickup' });
    expect(shipped).toHaveAttribute('aria-pressed', 'false');
    expect(pickup).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();
    expect(screen.getByText('Choose Shipped or Pickup to continue.')).toBeVisible();

    await userEvent.click(shipped);
    expect(screen.getByRole('button', { name: 'Go To Shipping Info' })).toBeEnabled();
    expect(screen.getByText('Ships within 7–10 business days.')).toBeVisible();

    await userEvent.click(pickup);
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeEnabled();
    expect(screen.getByText('Pick up at the gift counter.')).toBeVisible();
  });

  it('without options, too few points say so and keep the button disabled', async () => {
    api({}, catalogue, 500);
    renderClaim(cruise);
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH_POINTS_MESSAGE);
    expect(await submitButton('Continue To Checkout')).toBeDisabled();
  });

  it('without options, a sold-out reward says so', async () => {
    api({}, [{ ...cruise, ticketsAvailable: { '0': 0 } }]);
    renderClaim(cruise);
    expect(await screen.findByRole('alert')).toHaveTextContent(SOLD_OUT_MESSAGE);
  });

  it('disables the button while submitting', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    api({ 'POST /cart': () => new Promise((resolve) => (answer = resolve)) });
    renderClaim(cruise);
    const submit = await submitButton('Continue To Checkout');
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    answer({ status: 200, body: cartAnswer() });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/revieworder');
  });

  it('a refused order is logged and explained, and the holder stays to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    api({
      'POST /cart': () => ({
        status: 422,
        body: { error: { code: 'unprocessable', message: NOT_ENOUGH_POINTS_MESSAGE } },
      }),
    });
    renderClaim(cruise);
    await userEvent.click(await submitButton('Continue To Checkout'));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENOUGH_POINTS_MESSAGE);
    expect(logged).toHaveBeenCalledWith('We could not create your order', expect.anything());
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(getCartState().orderId).toBeNull();
  });

  it('a network failure gets a plain sentence', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api({ 'POST /cart': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderClaim(cruise);
    await userEvent.click(await submitButton('Continue To Checkout'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not create your order. Please try again.',
    );
  });

  it('the same item already in the cart: its choices are kept, the countdown shows, and submit updates it', async () => {
    window.history.replaceState(null, '', '/pass/rewards?t=tok');
    saveCart({
      orderId: 7100,
      item: {
        ...heldTumbler,
        itemId: 1215,
        name: pintGlasses.name,
        orderItemId: 9503,
        deliveryMethod: 'picked_up',
      },
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    });
    const held = cartAnswer({
      leftTime: 300,
      products: [makeOrderItem({ id: 9503, reward_item_id: 1215, name: pintGlasses.name, points_paid: 200 })],
    });
    const updated = cartAnswer({
      leftTime: 290,
      products: [
        makeOrderItem({
          id: 9503,
          reward_item_id: 1215,
          name: pintGlasses.name,
          delivery_method: 'shipped',
          points_paid: 200,
        }),
      ],
    });
    let current = held;
    const { calls } = api({
      'GET /cart/7100': () => ({ status: 200, body: current }),
      'PUT /cart/7100/order_products/9503': () => {
        current = updated;
        return { status: 200, body: updated };
      },
    });
    renderClaim(pintGlasses);
    const pickup = await screen.findByRole('button', { name: 'Pickup' });
    expect(pickup).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('timer', { name: 'Time Remaining' })).toHaveTextContent(/^0[45]:\d\d$/);

    await userEvent.click(screen.getByRole('button', { name: 'Shipped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go To Shipping Info' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/rewards/shippingInfo/product/1215');
    const update = calls.find((call) => call.method === 'PUT');
    expect(update?.url.pathname).toBe('/pass/api/cart/7100/order_products/9503');
    expect(update?.body).toEqual({ deliveryMethod: 'shipped', attributeId: null });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(getCartState().item?.deliveryMethod).toBe('shipped');
  });

  it('another item in the cart: Yes removes it from the order and resets the cart', async () => {
    window.history.replaceState(null, '', '/pass/rewards?t=tok');
    saveCart({ orderId: 7090, item: heldTumbler, expiresAt: new Date(Date.now() + 300_000).toISOString() });
    const { calls } = api({
      'GET /cart/7090': () => ({
        status: 200,
        body: cartAnswer({
          id: 7090,
          leftTime: 300,
          products: [tumblerLine],
        }),
      }),
      'DELETE /cart/7090/order_products/9500': () => ({
        status: 200,
        body: cartAnswer({ id: 7090, products: [] }),
      }),
      'POST /cart': () => ({ status: 200, body: cartAnswer() }),
      'GET /cart/7100': () => ({ status: 200, body: cartAnswer() }),
    });
    renderClaim(cruise);
    const dialog = await screen.findByRole('dialog', { name: 'Remove the item in your bag?' });
    expect(dialog).toHaveTextContent('Your bag already holds Insulated Tumbler.');
    expect(screen.getByRole('button', { name: 'Continue To Checkout', hidden: true })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      calls.some(
        (call) => call.method === 'DELETE' && call.url.pathname.endsWith('/7090/order_products/9500'),
      ),
    ).toBe(true);
    expect(getCartState()).toEqual({ orderId: null, item: null, expiresAt: null });

    await userEvent.click(screen.getByRole('button', { name: 'Continue To Checkout' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/revieworder');
    expect(getCartState().item?.itemId).toBe(1211);
  });

  it('another item in the cart: Take me back leaves it and goes back', async () => {
    window.history.replaceState(null, '', '/pass/rewards?t=tok');
    saveCart({ orderId: 7090, item: heldTumbler, expiresAt: new Date(Date.now() + 300_000).toISOString() });
    const { calls } = api({ 'GET /cart/7090': () => ({ status: 500 }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderClaim(cruise);
    const dialog = await screen.findByRole('dialog', { name: 'Remove the item in your bag?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take me back' }));
    // The first page of the visit: back means Rewards.
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(getCartState().item?.itemId).toBe(1210);
  });

  it('Take me back returns to the page before', async () => {
    window.history.replaceState(null, '', '/pass/rewards?t=tok');
    saveCart({ orderId: 7090, item: heldTumbler, expiresAt: new Date(Date.now() + 300_000).toISOString() });
    api({ 'GET /cart/7090': () => ({ status: 200, body: tumblerOrder }) });
    const { router } = renderRoute(<ClaimRewardPage />, {
      path: routePaths.ClaimReward,
      url: '/pass/experiences?t=tok',
      data: rewardsData(),
    });
    await router.navigate('/rewards/product/1211?t=tok');
    const dialog = await screen.findByRole('dialog', { name: 'Remove the item in your bag?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take me back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiences'));
  });

  it('an item the catalogue does not hold redirects to /rewards, keeping t', async () => {
    api();
    const { router } = renderClaim({ type: 'product', id: 9999 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(router.state.location.search).toBe('?t=tok');
  });

  it('a catalogue that does not load offers to try again', async () => {
    let fail = true;
    api({
      'GET /partnerUser/1001/rewards': () =>
        fail ? { status: 500 } : { status: 200, body: { deal_id: null, rewardItems: catalogue } },
    });
    renderClaim(cruise);
    expect(await screen.findByText(/We could not load this reward/)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: cruise.name })).toBeVisible();
  });
});
