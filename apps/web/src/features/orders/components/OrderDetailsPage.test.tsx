import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderItem, RedeemResponse } from '@trailpass/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLocationStoreForTests } from '../../../lib/location';
import { routePaths } from '../../../lib/routes';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makeOffer, makeUser } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import {
  cashOrder,
  growlerOrder,
  makeOrder,
  makeOrderItem,
  mugOrder,
  samOrder,
  teeOrder,
} from '../fixtures.test-helpers';
import { withItemConfirmed } from '../order-rules';
import OrderDetailsPage from './OrderDetailsPage';

const CONFIRMED_AT = '2026-03-04T12:00:00.000Z';
const HELP = 'The 4 digit code must be entered by an attendee to redeem.';
const WRONG_CODE = 'That code is not correct. Please try again.';

/**
 * The order as the server keeps it: once a redeem call confirms one of its items, reading it again shows
 * the item picked up.
 */
function orderApi(order: Order, extra: Record<string, MockHandler> = {}) {
  let current = order;
  const redeem = extra['POST /partnerUser/1001/redeem'];
  return mockApi({
    [`GET /partnerUser/1001/orders/${order.id}`]: () => ({ status: 200, body: current }),
    ...extra,
    ...(redeem && {
      'POST /partnerUser/1001/redeem': async (call) => {
        const answer = await redeem(call);
        const confirmed = (answer.body as Partial<RedeemResponse> | undefined)?.order_items?.[0];
        if (answer.status === 200 && confirmed) current = withItemConfirmed(current, confirmed);
        return answer;
      },
    }),
  });
}

function confirmedAnswer(order: Order, itemId: number): RedeemResponse {
  return {
    order_products: [],
    order_deals: [],
    order_items: [{ id: itemId, order_id: order.id, redeemed: CONFIRMED_AT, completed: CONFIRMED_AT }],
    points_earned: 0,
    errors: [],
  };
}

function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    body: { error: { code: 'unprocessable', message, ...extra }, order_products: [], errors: [message] },
  };
}

function renderDetails(orderId: number, data = makeData(), query = 'type=products&') {
  return renderPage(<OrderDetailsPage />, {
    data,
    url: `/pass/orderdetails/${orderId}?${query}t=tok`,
    path: routePaths.OrderDetails,
  });
}

const item = (name: string) => screen.getByRole('listitem', { name });
const redeemCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === '/pass/api/partnerUser/1001/redeem');

async function enter(pad: HTMLElement, pin: string) {
  for (const digit of pin) await userEvent.click(within(pad).getByRole('button', { name: digit }));
  await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
}

async function expectCompleted(name: string) {
  const modal = await screen.findByRole('dialog', { name: 'Your Pickup Is Completed!' });
  expect(modal).toHaveTextContent(`${name} has been picked up.`);
  await userEvent.click(within(modal).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const done = within(item(name)).getByText('This item has been shipped or picked up');
  expect(done).toBeInTheDocument();
  // Focus lands on the item's new state.
  await waitFor(() => expect(done.closest('[role="alert"]')).toHaveFocus());
}

function installGeolocation(answer: { latitude: number; longitude: number } | null) {
  const getCurrentPosition = vi.fn((success: PositionCallback, error?: PositionErrorCallback | null) => {
    if (answer) {
      success({ coords: { ...answer, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition);
    } else {
      error?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
    configurable: true,
  });
  return getCurrentPosition;
}

afterEach(() => {
  resetLocationStoreForTests();
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

preloadLazyModules(
  () => import('./EditShippingDialog'),
  () => import('../../redeem/components/PinPadDialog'),
);

describe('OrderDetailsPage (spec 2.9)', { timeout: 15_000 }, () => {
  it('shows Order #id, the date, each item with its chip and points, and cash totals for a cash order', async () => {
    orderApi(cashOrder);
    renderDetails(9003, makeData(), 'type=deals&');
    expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
    expect(screen.getByText('Order #9003')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');

    const list = await screen.findByRole('list', { name: 'Items in this order' });
    expect(screen.getByText(/^Purchased/)).toHaveTextContent('Purchased January 21st, 2026');
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Brew Trail Passport', 'Harbor Day Package']);
    const passport = item('Brew Trail Passport');
    expect(within(passport).getByText('Qty 1')).toBeInTheDocument();
    expect(within(passport).getByText('Instant Download')).toBeInTheDocument();
    expect(within(passport).getByText('0 points')).toBeInTheDocument();
    expect(within(passport).getByText('This item has been shipped or picked up')).toBeInTheDocument();

    // Our reading of spec 9's cash rule (decision 0033): the $39.00 order shows its cash.
    expect(screen.getByText('Order Points Total').nextSibling).toHaveTextContent('0 points');
    expect(screen.getByText('Order Cash Total').nextSibling).toHaveTextContent('$39.00');
    expect(screen.getByRole('heading', { level: 3, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('Cash').nextSibling).toHaveTextContent('$39.00');
  });

  it('shows a shipped item with its attribute, Ship, the date it went and where; no cash lines on a points order', async () => {
    orderApi(teeOrder);
    renderDetails(9008);
    const tee = await screen.findByRole('listitem', { name: 'Brew Trail Tee' });
    expect(within(tee).getByText('M')).toBeInTheDocument();
    expect(within(tee).getByText('Ship')).toBeInTheDocument();
    expect(within(tee).getByText('120 points')).toBeInTheDocument();
    const alert = within(tee).getByRole('alert');
    expect(alert).toHaveTextContent('This item has been shipped or picked up');
    expect(alert).toHaveTextContent('February 18th, 2026');
    expect(within(tee).getByRole('heading', { name: 'Shipped To' })).toBeInTheDocument();
    expect(within(tee).getByText('742 Birch Lane')).toBeInTheDocument();
    // Sent already: the address can no longer change.
    expect(within(tee).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.getByText('Order Points Total').nextSibling).toHaveTextContent('120 points');
    expect(screen.queryByText('Order Cash Total')).not.toBeInTheDocument();
    expect(screen.queryByText('Cash')).not.toBeInTheDocument();
  });

  it('shows the carrier, tracking number and tracking link of an item the partner shipped', async () => {
    const [tee] = teeOrder.products;
    orderApi({
      ...teeOrder,
      products: [
        {
          ...(tee as OrderItem),
          carrier: 'UPS',
          tracking_number: '1Z 999 AA1',
          tracking_url: 'https://ups.example/track?n=1Z999AA1',
        },
      ],
    });
    renderDetails(9008);
    const row = await screen.findByRole('listitem', { name: 'Brew Trail Tee' });
    const tracking = within(row).getByRole('region', { name: 'Tracking' });
    expect(tracking).toHaveTextContent('Carrier: UPS');
    expect(tracking).toHaveTextContent('Tracking number: 1Z 999 AA1');
    const link = within(tracking).getByRole('link', { name: 'Track Your Package' });
    expect(link).toHaveAttribute('href', 'https://ups.example/track?n=1Z999AA1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers no link for a tracking URL that is not https, and no tracking before it ships', async () => {
    const [tee] = teeOrder.products;
    orderApi({
      ...teeOrder,
      products: [
        {
          ...(tee as OrderItem),
          carrier: 'Local courier',
          tracking_number: null,
          tracking_url: 'javascript:alert(1)',
        },
      ],
    });
    renderDetails(9008);
    const row = await screen.findByRole('listitem', { name: 'Brew Trail Tee' });
    expect(within(row).getByRole('region', { name: 'Tracking' })).toHaveTextContent('Carrier: Local courier');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(row).queryByText(/Tracking number/)).not.toBeInTheDocument();
  });

  it('shows a cancelled item as cancelled with its points back, and no pickup to confirm', async () => {
    const [mug] = mugOrder.products;
    orderApi({ ...mugOrder, products: [{ ...(mug as OrderItem), cancelled: '2026-03-05T12:00:00.000Z' }] });
    renderDetails(9012);
    const row = await screen.findByRole('listitem', { name: 'Coffee Crawl Mug' });
    const alert = within(row).getByRole('alert');
    expect(alert).toHaveTextContent('This item was cancelled');
    expect(alert).toHaveTextContent('Its 30 points were returned to your balance.');
    expect(within(row).queryByText('Pending Pickup')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Confirm Pickup/ })).not.toBeInTheDocument();
    expect(within(row).queryByText('This item has been shipped or picked up')).not.toBeInTheDocument();
  });

  it('asks for a missing shipping address and saves it as the holder’s own address with the distribution call', async () => {
    const sam = makeUser({
      id: 1001,
      first_name: 'Sam',
      last_name: 'Staff',
      email: 'sam@trailpass.example',
      country: 'GB',
    });
    let stored: Order = samOrder;
    const { calls } = mockApi({
      'GET /partnerUser/1001/orders/9007': () => ({ status: 200, body: stored }),
      'PUT /partnerUser/1001/orders/9007/order_products/9408/distribution': ({ body }) => {
        const { customer } = body as { customer: Order['customer'] };
        stored = { ...stored, distribute: null, customer };
        return { status: 200, body: { orderId: 9007, distribute: null, customer } };
      },
    });
    renderDetails(9007, makeData({ partner_user: sam, offer: makeOffer({ gifting: false }) }));
    const glasses = await screen.findByRole('listitem', { name: 'Lakeshore Pint Glass Set' });
    expect(within(glasses).getByText('Please edit and enter your shipping information')).toBeInTheDocument();
    expect(within(glasses).queryByRole('button', { name: /Confirm Pickup/ })).not.toBeInTheDocument();

    await userEvent.click(
      within(glasses).getByRole('button', { name: 'Edit shipping address for Lakeshore Pint Glass Set' }),
    );
    const form = await screen.findByRole('dialog', { name: 'Edit Shipping Information' }, { timeout: 5000 });
    await userEvent.type(within(form).getByRole('textbox', { name: /Street Address/ }), '12 Dock Street');
    await userEvent.type(within(form).getByRole('textbox', { name: /City/ }), 'Port Alder');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^State/ }), 'WI');
    await userEvent.type(within(form).getByRole('textbox', { name: /ZIP Code/ }), '54290');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Shipping Information' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((call) => call.method === 'PUT');
    // Shipped to himself: his own address on the order changes; no recipient named after him.
    expect(put?.body).toEqual({
      distribute: false,
      customer: expect.objectContaining({
        first_name: 'Sam',
        last_name: 'Staff',
        address: '12 Dock Street',
        city: 'Port Alder',
        state: 'WI',
        zip_code: '54290',
        country: 'US',
      }),
    });
    expect(within(glasses).getByText('12 Dock Street')).toBeInTheDocument();
    expect(within(glasses).getByRole('status')).toHaveTextContent('Your shipping information was saved.');
    expect(
      within(glasses).queryByText('Please edit and enter your shipping information'),
    ).not.toBeInTheDocument();
  }, 30_000);

  it('offers Ship to Someone Else only for a giftable item of an offer that gifts', async () => {
    const data = makeData({ offer: makeOffer({ gifting: true }) });
    const shipToSomeoneElse = async (giftable: boolean) => {
      const order = { ...samOrder, products: samOrder.products.map((line) => ({ ...line, giftable })) };
      mockApi({ 'GET /partnerUser/1001/orders/9007': () => ({ status: 200, body: order }) });
      const { unmount } = renderDetails(9007, data);
      const glasses = await screen.findByRole('listitem', { name: 'Lakeshore Pint Glass Set' });
      await userEvent.click(
        within(glasses).getByRole('button', { name: 'Edit shipping address for Lakeshore Pint Glass Set' }),
      );
      const form = await screen.findByRole(
        'dialog',
        { name: 'Edit Shipping Information' },
        { timeout: 5000 },
      );
      const offered = within(form).queryByRole('checkbox', { name: 'Ship to Someone Else' }) !== null;
      unmount();
      return offered;
    };
    expect(await shipToSomeoneElse(false)).toBe(false);
    expect(await shipToSomeoneElse(true)).toBe(true);
  }, 30_000);

  it('confirms a pickup that needs no code at once, then Your Pickup Is Completed!', async () => {
    const { calls } = orderApi(mugOrder, {
      'POST /partnerUser/1001/redeem': () => ({ status: 200, body: confirmedAnswer(mugOrder, 9413) }),
    });
    renderDetails(9012);
    const mug = await screen.findByRole('listitem', { name: 'Coffee Crawl Mug' });
    expect(within(mug).getByText('Pickup')).toBeInTheDocument();
    expect(within(mug).getByText('Pending Pickup')).toBeInTheDocument();
    expect(within(mug).getByRole('heading', { name: 'Pickup Instructions' })).toBeInTheDocument();
    expect(within(mug).getByText('Ask for your mug at the register.')).toBeInTheDocument();

    await userEvent.click(within(mug).getByRole('button', { name: 'Confirm Pickup: Coffee Crawl Mug' }));
    await expectCompleted('Coffee Crawl Mug');
    expect(redeemCalls(calls).map((call) => call.body)).toEqual([
      { partnerUserId: 1001, orderItemIds: [9413] },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Enter Validation Code' })).not.toBeInTheDocument();
    expect(within(item('Coffee Crawl Mug')).queryByText('Pending Pickup')).not.toBeInTheDocument();
    expect(
      within(item('Coffee Crawl Mug')).queryByRole('button', { name: /Confirm Pickup/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the server’s errors as red alerts on the item, else its message', async () => {
    let answer = refusal(409, 'This pickup has already been confirmed.');
    orderApi(mugOrder, { 'POST /partnerUser/1001/redeem': () => answer });
    renderDetails(9012);
    const mug = await screen.findByRole('listitem', { name: 'Coffee Crawl Mug' });
    const confirm = within(mug).getByRole('button', { name: 'Confirm Pickup: Coffee Crawl Mug' });
    await userEvent.click(confirm);
    expect(await within(mug).findByRole('alert')).toHaveTextContent(
      'This pickup has already been confirmed.',
    );

    answer = {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many tries. Wait a minute.' } },
    } as never;
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(within(mug).getByRole('alert')).toHaveTextContent('Too many tries. Wait a minute.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the PIN pad for a pin pickup: errors in the pad, the PIN cleared, then the right code completes it', async () => {
    const { calls } = orderApi(growlerOrder, {
      'POST /partnerUser/1001/redeem': ({ body }) =>
        (body as { pinNumber?: string }).pinNumber === '4821'
          ? { status: 200, body: confirmedAnswer(growlerOrder, 9412) }
          : refusal(422, WRONG_CODE, { fields: { pinNumber: WRONG_CODE } }),
    });
    renderDetails(9011);
    const growler = await screen.findByRole('listitem', { name: 'Growler Fill at Anchor & Oar' });
    await userEvent.click(
      within(growler).getByRole('button', { name: 'Confirm Pickup: Growler Fill at Anchor & Oar' }),
    );
    const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
    expect(within(pad).getByText(HELP)).toBeInTheDocument();

    await enter(pad, '1111');
    expect(await within(pad).findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(within(pad).queryByText(HELP)).not.toBeInTheDocument();
    expect(within(pad).getByText('0 of 4 digits entered')).toBeInTheDocument();
    // Errors go to the pad, not the item.
    expect(within(growler).queryByRole('alert')).not.toBeInTheDocument();

    await enter(pad, '4821');
    await expectCompleted('Growler Fill at Anchor & Oar');
    expect(redeemCalls(calls).map((call) => call.body)).toEqual([
      { partnerUserId: 1001, orderItemIds: [9412], pinNumber: '1111' },
      { partnerUserId: 1001, orderItemIds: [9412], pinNumber: '4821' },
    ]);
  });

  describe('a gpsOrPin pickup', () => {
    const cruise = makeOrder({
      id: 9020,
      products: [
        makeOrderItem({
          id: 9420,
          order_id: 9020,
          name: 'Sunset Cruise',
          venue_id: 303,
          redemption_validation: 'gpsOrPin',
        }),
      ],
    });
    const AT_BEACH = { latitude: 44.0887, longitude: -87.6501 };

    it('is confirmed by the holder’s location when the server accepts it', async () => {
      installGeolocation(AT_BEACH);
      const { calls } = orderApi(cruise, {
        'POST /partnerUser/1001/redeem': () => ({ status: 200, body: confirmedAnswer(cruise, 9420) }),
      });
      renderDetails(9020);
      const line = await screen.findByRole('listitem', { name: 'Sunset Cruise' });
      await userEvent.click(within(line).getByRole('button', { name: 'Confirm Pickup: Sunset Cruise' }));
      await expectCompleted('Sunset Cruise');
      expect(redeemCalls(calls).map((call) => call.body)).toEqual([
        { partnerUserId: 1001, orderItemIds: [9420], ...AT_BEACH },
      ]);
    });

    it('falls back to the PIN pad when the location is not close enough', async () => {
      installGeolocation({ latitude: 45, longitude: -88 });
      const { calls } = orderApi(cruise, {
        'POST /partnerUser/1001/redeem': ({ body }) =>
          (body as { pinNumber?: string }).pinNumber === '2468'
            ? { status: 200, body: confirmedAnswer(cruise, 9420) }
            : refusal(422, 'Enter the 4-digit validation code.', {
                fields: { pinNumber: 'Enter the 4-digit validation code.' },
              }),
      });
      renderDetails(9020);
      const line = await screen.findByRole('listitem', { name: 'Sunset Cruise' });
      await userEvent.click(within(line).getByRole('button', { name: 'Confirm Pickup: Sunset Cruise' }));
      const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
      expect(within(pad).getByText(HELP)).toBeInTheDocument();
      expect(within(line).queryByRole('alert')).not.toBeInTheDocument();
      await enter(pad, '2468');
      await expectCompleted('Sunset Cruise');
      expect(redeemCalls(calls).at(-1)?.body).toEqual({
        partnerUserId: 1001,
        orderItemIds: [9420],
        pinNumber: '2468',
      });
    });

    it('goes straight to the PIN pad when the location is refused', async () => {
      // Spec 8: a location failure is logged only.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      installGeolocation(null);
      const { calls } = orderApi(cruise);
      renderDetails(9020);
      const line = await screen.findByRole('listitem', { name: 'Sunset Cruise' });
      await userEvent.click(within(line).getByRole('button', { name: 'Confirm Pickup: Sunset Cruise' }));
      expect(
        await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(redeemCalls(calls)).toEqual([]);
      expect(logged).toHaveBeenCalledWith('Updating the user location failed:', 'User denied Geolocation');
    });
  });

  it('shows the pickup slot the holder chose, as the venue’s clock reads it', async () => {
    const [growler, ...rest] = growlerOrder.products;
    if (!growler) throw new Error('fixture without its growler');
    const withSlot: Order = {
      ...growlerOrder,
      products: [
        {
          ...growler,
          pickup_slot: {
            date: '2026-11-24',
            time: '16:00',
            timezone: 'America/Chicago',
            pickup_point: { id: 5101, name: 'Taproom bar', venue_id: 301 },
          },
        },
        ...rest,
      ],
    };
    orderApi(withSlot);
    renderDetails(9011);
    const line = await screen.findByRole('listitem', { name: 'Growler Fill at Anchor & Oar' });
    expect(line).toHaveTextContent('Pickup: Taproom bar, Tue, Nov 24, 4:00 PM');
  });

  it('says when the order is not the holder’s or does not exist', async () => {
    mockApi({});
    renderDetails(9999);
    expect(await screen.findByText(/We could not find this order\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your Order History' })).toHaveAttribute(
      'href',
      '/orderhistory?t=tok',
    );
  });

  it('offers a retry when the order cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /partnerUser/1001/orders/9011': () =>
        fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }
          : { status: 200, body: growlerOrder },
    });
    renderDetails(9011);
    expect(
      await screen.findByText(
        'We could not load this order. Check your connection and try again.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Growler Fill at Anchor & Oar' })).toBeInTheDocument();
  });
});
