import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address, CartResponse, OrderItem } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { type StoredCart, setCart } from '../../../lib/session';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ShippingInfoPage, { queryGiftable } from './ShippingInfoPage';

const ORDER_ID = 7100;
const URL = '/pass/rewards/shippingInfo/product/1203?t=tok';

const pintGlasses: OrderItem = {
  id: 9501,
  order_id: ORDER_ID,
  name: 'Lakeshore Pint Glass Set',
  type: 'product',
  reward_item_id: 1203,
  parent: { id: 1203, type: 'product', pickup_instructions: null },
  venue_id: null,
  delivery_method: 'shipped',
  points_paid: 400,
  attribute: null,
  media: [],
  redeemed: null,
  completed: null,
  redemption_validation: null,
  pickup_instructions: null,
  giftable: true,
};

function cartAnswer(customer: Address, distribute: Address | null = null): CartResponse {
  return {
    orderId: ORDER_ID,
    order: {
      id: ORDER_ID,
      offer_id: 101,
      deal_id: 201,
      status: 'draft',
      fields: {},
      points_paid: 0,
      price_paid: '0.00',
      current_points: 205,
      purchased_at: null,
      customer,
      distribute,
      deals: [],
      packages: [],
      products: [pintGlasses],
      orderDeals: [],
      orderPackages: [],
      orderProducts: [],
      leftTime: 600,
      expires_at: null,
    },
  };
}

/** The cart as ClaimReward leaves it (lib/session's stored shape, with the cart feature's extra fields). */
function storeCart(giftable: boolean) {
  const item = {
    itemId: 1203,
    itemType: 'product',
    attributeId: null,
    dealId: 201,
    deliveryMethod: 'shipped',
    orderItemId: 9501,
    name: 'Lakeshore Pint Glass Set',
    attributeName: null,
    points: 400,
    imageUrl: null,
    venueId: null,
    giftable,
  };
  const cart: StoredCart = {
    orderId: ORDER_ID,
    items: [item as StoredCart['items'][number]],
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
  window.history.replaceState(null, '', URL);
  setCart(cart, 'tok');
}

function cartApi(answer: CartResponse, update: MockHandler = () => ({ status: 200, body: answer })) {
  return mockApi({
    [`GET /cart/${ORDER_ID}`]: () => ({ status: 200, body: answer }),
    [`PUT /cart/${ORDER_ID}/keepOrderAlive`]: () => ({ status: 200, body: answer }),
    [`PUT /cart/${ORDER_ID}`]: update,
  });
}

// Ava's order as the server creates it: the customer is blank until the form is sent.
const BLANK: Address = { first_name: 'Ava', last_name: 'Lindqvist', email: 'ava@example.com' };
const AVA_AT_HOME = makeUser({
  address: '742 Birch Lane',
  address_2: 'Apt 3',
  city: 'Port Alder',
  state: 'WI',
  zip_code: '54290',
  country: 'US',
});

/**
 * Next once the form has validated. Looked up afresh on each try (the form appears after the order has
 * loaded), with room for a slow, busy machine.
 */
async function enabledNext(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const next = screen.getByRole('button', { name: 'Next: Review Order' });
      expect(next).toBeEnabled();
      return next;
    },
    { timeout: 5000 },
  );
}

function renderShipping(data = makeData({ partner_user: AVA_AT_HOME }), url = URL) {
  return renderPage(<ShippingInfoPage />, { data, url, path: routePaths.ShippingInfo });
}

// Typing into a dozen MUI fields in jsdom takes seconds on a busy two-core machine.
describe('ShippingInfoPage (spec 2.7)', { timeout: 15_000 }, () => {
  it('goes to Rewards when the cart has no active order', async () => {
    const { calls } = mockApi({});
    const { router } = renderShipping();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewards'));
    expect(router.state.location.search).toBe('?t=tok');
    expect(calls).toEqual([]);
  });

  it('keeps the order alive on opening and fills the form from the holder’s record', async () => {
    storeCart(false);
    const { calls } = cartApi(cartAnswer(BLANK));
    renderShipping();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Shipping Information' })).toBeInTheDocument();
    expect(screen.getByText('Lakeshore Pint Glass Set')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|09:59)$/);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'PUT' && call.url.pathname.endsWith('/keepOrderAlive')),
      ).toHaveLength(1),
    );
    expect(await screen.findByRole('textbox', { name: /Street Address/ })).toHaveValue('742 Birch Lane');
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveValue('+1 920 555 0123');
    expect(screen.queryByRole('checkbox', { name: 'Ship to Someone Else' })).not.toBeInTheDocument();
  });

  it('prefers the order’s own customer copy, field by field', async () => {
    storeCart(false);
    cartApi(
      cartAnswer({
        ...BLANK,
        address: '9 Dock Street',
        city: 'Harbour Town',
        state: 'MI',
        zip_code: '49001',
      }),
    );
    renderShipping();
    expect(await screen.findByRole('textbox', { name: /Street Address/ })).toHaveValue('9 Dock Street');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('MI');
    expect(screen.getByRole('textbox', { name: /Suite\/Apt/ })).toHaveValue('Apt 3');
  });

  it('Next saves the holder’s address with no recipient and goes to ReviewOrder', async () => {
    storeCart(false);
    const { calls } = cartApi(cartAnswer(BLANK));
    const user = userEvent.setup();
    const { router } = renderShipping();
    await user.click(await enabledNext());
    await waitFor(() => expect(router.state.location.pathname).toBe('/revieworder'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?t=tok');
    const update = calls.find(
      (call) => call.method === 'PUT' && call.url.pathname === `/pass/api/cart/${ORDER_ID}`,
    );
    expect(update?.body).toEqual({
      orderId: ORDER_ID,
      distribute: false,
      customer: {
        first_name: 'Ava',
        last_name: 'Lindqvist',
        email: 'ava@example.com',
        phone: '+19205550123',
        address: '742 Birch Lane',
        address_2: 'Apt 3',
        country: 'US',
        state: 'WI',
        city: 'Port Alder',
        zip_code: '54290',
      },
      itemId: 9501,
      itemType: 'order_products',
      attributeId: null,
    });
  });

  it('offers Ship to Someone Else for a giftable item and sends the recipient as distribute', async () => {
    storeCart(true);
    const { calls } = cartApi(cartAnswer(BLANK));
    const user = userEvent.setup();
    renderShipping();
    await user.click(await screen.findByRole('checkbox', { name: 'Ship to Someone Else' }));
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Mia');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Berg');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ava@example.com');
    await user.tab();
    expect(screen.getByText('You cannot ship this to yourself')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Email/ }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'mia@example.com');
    await user.type(screen.getByRole('textbox', { name: /Street Address/ }), '3 Pier Road');
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'CA');
    await user.selectOptions(screen.getByRole('combobox', { name: /Province/ }), 'BC');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Victoria');
    await user.type(screen.getByRole('textbox', { name: /Postal Code/ }), 'V8W 1A1');
    await user.click(await enabledNext());
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'PUT' && call.url.pathname === `/pass/api/cart/${ORDER_ID}`),
      ).toBe(true),
    );
    const update = calls.find(
      (call) => call.method === 'PUT' && call.url.pathname === `/pass/api/cart/${ORDER_ID}`,
    );
    expect(update?.body).toMatchObject({
      orderId: ORDER_ID,
      distribute: {
        first_name: 'Mia',
        last_name: 'Berg',
        email: 'mia@example.com',
        phone: null,
        address: '3 Pier Road',
        country: 'CA',
        state: 'BC',
        city: 'Victoria',
        zip_code: 'V8W 1A1',
      },
    });
    expect(update?.body).not.toHaveProperty('customer');
  }, 20_000);

  it('the query’s giftable offers the checkbox too', async () => {
    storeCart(false);
    cartApi(cartAnswer(BLANK));
    renderShipping(undefined, `${URL}&giftable=true`);
    expect(await screen.findByRole('checkbox', { name: 'Ship to Someone Else' })).toBeInTheDocument();
  });

  it('shows a refusal and stays on the page', async () => {
    storeCart(false);
    cartApi(cartAnswer(BLANK), () => ({
      status: 422,
      body: { error: { code: 'unprocessable', message: 'You need to finish your shipping info.' } },
    }));
    const user = userEvent.setup();
    const { router } = renderShipping();
    await user.click(await enabledNext());
    expect(await screen.findByRole('alert')).toHaveTextContent('You need to finish your shipping info.');
    expect(router.state.location.pathname).toBe('/rewards/shippingInfo/product/1203');
  });
});

describe('queryGiftable', () => {
  it('reads giftable from the query', () => {
    expect(queryGiftable('?giftable=true&t=x')).toBe(true);
    expect(queryGiftable('?giftable')).toBe(true);
    expect(queryGiftable('?giftable=false')).toBe(false);
    expect(queryGiftable('?t=x')).toBe(false);
  });
});
