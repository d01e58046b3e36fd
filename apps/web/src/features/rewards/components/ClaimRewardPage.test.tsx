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
  availabilityApi,
  beerGarden,
  cartAnswer,
  cruise,
  cruiseAvailability,
  getaway,
  growler,
  growlerAvailability,
  makeOrderItem,
  pintGlasses,
  rewardsData,
  taproomBar,
  taproomSlot,
  tumbler,
} from '../../cart/fixtures.test-helpers';
import { renderRoute } from '../../cart/render.test-helpers';
import ClaimRewardPage from './ClaimRewardPage';

const catalogue = [cruise, getaway, pintGlasses, tumbler];

/** The catalogue and points; no reward has availability unless `extra` says so (availabilityApi). */
function api(extra: Record<string, MockHandler> = {}, items: RewardItem[] = catalogue, points = 1200) {
  return mockApi({
    ...availabilityApi(),
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
  slot: null,
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

const growlerLine = makeOrderItem({
  id: 9510,
  reward_item_id: 1202,
  name: growler.name,
  venue_id: 301,
  points_paid: 160,
});
const growlerOrder = cartAnswer({ products: [growlerLine] });
const slotCatalogue = [...catalogue, growler];

describe('ClaimRewardPage: pickup slots', () => {
  it('a reward without availability shows no slot choice and is claimed as before', async () => {
    api();
    renderClaim(cruise);
    const submit = await submitButton('Continue To Checkout');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByRole('region', { name: 'Pickup Time' })).toBeNull();
  });

  it('growler: pickup point, then date (fully booked disabled), then time; the slot is kept with the item', async () => {
    let open: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (open = resolve));
    const handlers = availabilityApi(growlerAvailability);
    const { calls } = api(
      {
        ...handlers,
        'GET /availableDates': async (call) => {
          await loaded;
          return handlers['GET /availableDates']?.(call) ?? { status: 500 };
        },
        'POST /cart': () => ({ status: 200, body: growlerOrder }),
        'GET /cart/7100': () => ({ status: 200, body: growlerOrder }),
      },
      slotCatalogue,
    );
    renderClaim(growler);
    const submit = await submitButton('Continue To Checkout');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading pickup times…');
    expect(submit).toBeDisabled();
    open();
    const region = await screen.findByRole('region', { name: 'Pickup Time' });

    // Two pickup points: the holder picks one before any date shows.
    const points = await within(region).findByRole('radiogroup', { name: 'Pickup point' });
    expect(within(region).getByText('Dates and times are the venue’s local time (CST).')).toBeVisible();
    expect(within(points).getAllByRole('radio')).toHaveLength(2);
    // Both at one venue: said once, above the points.
    expect(
      within(region).getByText('At Anchor & Oar Brewing, 118 Harbor Street, Port Alder, WI 54290'),
    ).toBeVisible();
    expect(within(region).queryByRole('group', { name: 'Date' })).toBeNull();
    expect(screen.getByText('Choose a pickup point to continue.')).toBeVisible();
    await userEvent.click(within(points).getByRole('radio', { name: /^Taproom bar/ }));

    const dates = within(region).getByRole('group', { name: 'Date' });
    expect(
      within(dates)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Tue, Nov 24', 'Wed, Nov 25', 'Thu, Nov 26 · Fully booked']);
    expect(within(dates).getByRole('button', { name: 'Thu, Nov 26 · Fully booked' })).toBeDisabled();
    expect(screen.getByText('Choose a pickup date to continue.')).toBeVisible();
    expect(submit).toBeDisabled();

    await userEvent.click(within(dates).getByRole('button', { name: 'Tue, Nov 24' }));
    expect(within(dates).getByRole('button', { name: 'Tue, Nov 24' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const times = await within(region).findByRole('group', { name: 'Time' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['4:00 PM', '5:00 PM', '6:00 PM', '7:00 PM']);
    expect(screen.getByText('Choose a pickup time to continue.')).toBeVisible();
    expect(submit).toBeDisabled();

    await userEvent.click(within(times).getByRole('button', { name: '4:00 PM' }));
    expect(submit).toBeEnabled();
    expect(screen.queryByText(/to continue\.$/)).toBeNull();

    // The reads: the reward's dates and pickup points, then the day's times at the chosen point.
    const read = (path: string) => calls.find((call) => call.url.pathname === `/pass/api${path}`)?.url;
    expect(Object.fromEntries(read('/availableDates')?.searchParams ?? [])).toMatchObject({
      itemType: 'reward_item',
      itemIds: '1202',
      t: 'tok',
    });
    expect(Object.fromEntries(read('/pickupPoints')?.searchParams ?? [])).toMatchObject({
      productId: '1202',
      itemType: 'reward_item',
    });
    expect(Object.fromEntries(read('/availableTimes')?.searchParams ?? [])).toMatchObject({
      itemType: 'reward_item',
      itemIds: '1202',
      date: '2026-11-24',
      pickupPoint: '5101',
    });

    await userEvent.click(submit);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/revieworder');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      itemId: 1202,
      deliveryMethod: 'picked_up',
    });
    // The draft order's item cannot take the slot yet (itemDates takes completed orders' items): it is
    // kept with the cart's item, in sessionStorage, until the order completes.
    expect(calls.some((call) => call.url.pathname.endsWith('/itemDates'))).toBe(false);
    expect(getCartState().item).toMatchObject({ itemId: 1202, orderItemId: 9510, slot: taproomSlot });
    expect(getCart('tok').items[0]).toMatchObject({ slot: taproomSlot });
  });

  it('changing the pickup point or the date clears what was chosen after it', async () => {
    api(availabilityApi(growlerAvailability), slotCatalogue);
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    await userEvent.click(await within(region).findByRole('radio', { name: /^Taproom bar/ }));
    await userEvent.click(within(region).getByRole('button', { name: 'Wed, Nov 25' }));
    await userEvent.click(await within(region).findByRole('button', { name: '1:00 PM' }));
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeEnabled();

    await userEvent.click(within(region).getByRole('radio', { name: /^Beer garden pickup window/ }));
    const dates = within(region).getByRole('group', { name: 'Date' });
    expect(
      within(dates)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Wed, Nov 25']);
    expect(within(dates).getByRole('button', { name: 'Wed, Nov 25' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(region).queryByRole('group', { name: 'Time' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();

    await userEvent.click(within(dates).getByRole('button', { name: 'Wed, Nov 25' }));
    const times = await within(region).findByRole('group', { name: 'Time' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['12:30 PM']);
  });

  it('works from the keyboard: arrows and Space on the pickup points, Enter and Space on the chips', async () => {
    api(availabilityApi(growlerAvailability), slotCatalogue);
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    const taproom = await within(region).findByRole('radio', { name: /^Taproom bar/ });
    taproom.focus();
    await userEvent.keyboard(' ');
    expect(taproom).toBeChecked();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(region).getByRole('radio', { name: /^Beer garden/ })).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    expect(taproom).toBeChecked();

    await userEvent.tab();
    expect(within(region).getByRole('button', { name: 'Tue, Nov 24' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const fourPm = await within(region).findByRole('button', { name: '4:00 PM' });
    fourPm.focus();
    await userEvent.keyboard(' ');
    expect(fourPm).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeEnabled();
  });

  it('one pickup point is no choice: it is named, and the dates show at once', async () => {
    api(availabilityApi(cruiseAvailability));
    renderClaim(cruise);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    expect(await within(region).findByText('Lighthouse Point boat launch')).toBeVisible();
    expect(within(region).queryByRole('radiogroup')).toBeNull();
    const dates = within(region).getByRole('group', { name: 'Date' });
    expect(
      within(dates)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Fri, Nov 27', 'Fri, Dec 4']);
    await userEvent.click(within(dates).getByRole('button', { name: 'Fri, Dec 4' }));
    await userEvent.click(await within(region).findByRole('button', { name: '6:45 PM' }));
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeEnabled();
  });

  it('pickup points that fail to load are explained with Try again, and the claim waits for them', async () => {
    let fail = true;
    const handlers = availabilityApi(growlerAvailability);
    api(
      {
        ...handlers,
        'GET /pickupPoints': (call) =>
          fail ? { status: 500 } : (handlers['GET /pickupPoints']?.(call) ?? { status: 500 }),
      },
      slotCatalogue,
    );
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'We could not load the pickup times. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();
    expect(screen.getByText('The pickup times need to load before you continue.')).toBeVisible();

    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('radiogroup', { name: 'Pickup point' })).toBeVisible();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('a day whose times failed offers Try again; a day with none left says so', async () => {
    let fail = true;
    const handlers = availabilityApi({
      ...cruiseAvailability,
      slots: [...cruiseAvailability.slots, { date: '2026-12-11', pickupPointId: 5103, times: ['18:30'] }],
    });
    api({
      ...handlers,
      'GET /availableTimes': (call) => {
        if (call.url.searchParams.get('date') === '2026-12-11') {
          // Listed as open, but its last time passed before the holder chose it.
          return {
            status: 200,
            body: {
              date: '2026-12-11',
              items: [{ item_id: 1211, item_type: 'reward_item', timezone: 'America/Chicago', times: [] }],
            },
          };
        }
        return fail ? { status: 503 } : (handlers['GET /availableTimes']?.(call) ?? { status: 500 });
      },
    });
    renderClaim(cruise);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Fri, Nov 27' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'We could not load the times for this day.',
    );
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('button', { name: '7:00 PM' })).toBeVisible();

    await userEvent.click(within(region).getByRole('button', { name: 'Fri, Dec 11' }));
    expect(
      await within(region).findByText('No times are left on this day. Choose another date.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();
  });

  it('every date fully booked: said plainly, and nothing can be claimed for pickup', async () => {
    api(
      availabilityApi({
        ...growlerAvailability,
        slots: [{ date: '2026-11-26', pickupPointId: 5101, times: [] }],
      }),
      slotCatalogue,
    );
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    expect(
      await within(region).findByText(
        'There are no pickup dates left for this reward. Please check back later.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();
  });

  it('pickup points at different venues name their venue each', async () => {
    api(
      availabilityApi({
        ...growlerAvailability,
        pickupPoints: [
          taproomBar,
          { ...beerGarden, venue_id: 302, venue_name: 'Harbor Market', address: '2 Quay Street' },
        ],
      }),
      slotCatalogue,
    );
    renderClaim(growler);
    const points = await screen.findByRole('radiogroup', { name: 'Pickup point' });
    expect(
      within(points).getByText('Anchor & Oar Brewing, 118 Harbor Street, Port Alder, WI 54290'),
    ).toBeVisible();
    expect(within(points).getByText('Harbor Market, 2 Quay Street')).toBeVisible();
    expect(screen.queryByText(/^At /)).toBeNull();
  });

  it('a pickup point without dates left is shown disabled', async () => {
    api(
      availabilityApi({
        ...growlerAvailability,
        slots: growlerAvailability.slots.filter((slot) => slot.pickupPointId === 5101),
      }),
      slotCatalogue,
    );
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    expect(await within(region).findByRole('radio', { name: /^Beer garden pickup window/ })).toBeDisabled();
    expect(within(region).getByText('No pickup dates left here')).toBeVisible();
    expect(within(region).getByRole('radio', { name: /^Taproom bar/ })).toBeEnabled();
  });

  it('shipped needs no slot; switching to Pickup asks for one', async () => {
    const glasses = { ...pintGlasses, id: 1215 };
    api(availabilityApi({ ...cruiseAvailability, itemId: 1215 }), [glasses]);
    renderClaim(glasses);
    await userEvent.click(await screen.findByRole('button', { name: 'Shipped' }));
    expect(screen.getByRole('button', { name: 'Go To Shipping Info' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Pickup Time' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pickup' }));
    expect(await screen.findByRole('region', { name: 'Pickup Time' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue To Checkout' })).toBeDisabled();
  });

  it('editing from My Bag: the held slot is chosen again, and submit keeps it with the updated item', async () => {
    window.history.replaceState(null, '', '/pass/rewards?t=tok');
    saveCart({
      orderId: 7100,
      item: {
        ...heldTumbler,
        itemId: 1202,
        name: growler.name,
        orderItemId: 9510,
        deliveryMethod: 'picked_up',
        points: 160,
        slot: taproomSlot,
      },
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    });
    const { calls } = api(
      {
        ...availabilityApi(growlerAvailability),
        'GET /cart/7100': () => ({ status: 200, body: growlerOrder }),
        'PUT /cart/7100/order_products/9510': () => ({ status: 200, body: growlerOrder }),
      },
      slotCatalogue,
    );
    renderClaim(growler);
    const region = await screen.findByRole('region', { name: 'Pickup Time' });
    expect(await within(region).findByRole('radio', { name: /^Taproom bar/ })).toBeChecked();
    expect(within(region).getByRole('button', { name: 'Tue, Nov 24' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await within(region).findByRole('button', { name: '4:00 PM' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(region).getByRole('button', { name: '6:00 PM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue To Checkout' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/revieworder');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      deliveryMethod: 'picked_up',
      attributeId: null,
    });
    expect(getCartState().item?.slot).toEqual({ ...taproomSlot, time: '18:00' });
  });
});
