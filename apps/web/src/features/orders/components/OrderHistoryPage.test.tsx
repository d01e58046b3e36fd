import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { getOrders } from '../../../lib/session';
import { mockApi } from '../../../test/api-mock';
import { makeData, makeOffer } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import {
  cashOrder,
  growlerOrder,
  historyPage,
  makeOrder,
  mugOrder,
  teeOrder,
} from '../fixtures.test-helpers';
import OrderHistoryPage from './OrderHistoryPage';

const ORDERS = 'GET /partnerUser/1001/orders';

function renderHistory(data = makeData()) {
  return renderPage(<OrderHistoryPage />, {
    data,
    url: '/pass/orderhistory?t=tok',
    path: routePaths.OrderHistory,
  });
}

const card = (id: number) => screen.getByRole('listitem', { name: `Order #${id}` });

describe('OrderHistoryPage (spec 2.9)', () => {
  it('lists the orders newest first, each with its points or Paid With Cash, date, image and links', async () => {
    const { calls } = mockApi({
      // Out of order on purpose: the page sorts too (spec 9).
      [ORDERS]: () => ({ status: 200, body: historyPage([teeOrder, mugOrder, cashOrder, growlerOrder]) }),
    });
    renderHistory();
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');

    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Order #9012', 'Order #9011', 'Order #9008', 'Order #9003']);
    const request = calls.find((call) => call.url.pathname === '/pass/api/partnerUser/1001/orders');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      offerId: '101',
      display: '20',
      page: '1',
      t: 'tok',
    });

    // The tee: points spent, the date as dddd, MMMM Do, YYYY, View Details with type products.
    const tee = card(9008);
    expect(within(tee).getByText('120 points')).toBeInTheDocument();
    expect(within(tee).getByText('Sunday, February 15th, 2026')).toBeInTheDocument();
    expect(within(tee).getByRole('link', { name: 'View Details, Order #9008' })).toHaveAttribute(
      'href',
      '/orderdetails/9008?type=products&t=tok',
    );
    expect(within(tee).getByRole('img', { name: 'Brew Trail Tee' })).toHaveAttribute(
      'src',
      '/pass/media/growler.svg',
    );
    expect(within(tee).queryByRole('link', { name: /Pending Pickup/ })).not.toBeInTheDocument();
    expect(within(tee).queryByText(/^\+/)).not.toBeInTheDocument();

    // Order 9003: two items (+1), bought with cash, so type deals.
    const cash = card(9003);
    expect(within(cash).getByText('Paid With Cash')).toBeInTheDocument();
    expect(within(cash).getByText('+1')).toBeInTheDocument();
    expect(within(cash).getByText('and 1 more item')).toBeInTheDocument();
    expect(within(cash).getByRole('img', { name: 'Brew Trail Passport' })).toHaveAttribute(
      'src',
      '/pass/media/passport.svg',
    );
    expect(within(cash).getByRole('link', { name: 'View Details, Order #9003' })).toHaveAttribute(
      'href',
      '/orderdetails/9003?type=deals&t=tok',
    );

    // The two pickups waiting: Pending Pickup leads to the order.
    for (const id of [9011, 9012]) {
      expect(within(card(id)).getByRole('link', { name: `Pending Pickup, Order #${id}` })).toHaveAttribute(
        'href',
        `/orderdetails/${id}?type=products&t=tok`,
      );
    }
    // Spec 1: the session keeps its orders beside the cart.
    expect(getOrders('tok').map((order) => order.id)).toEqual([9012, 9011, 9008, 9003]);
  });

  it('says so when there are no orders, with Rewards where the pass has them', async () => {
    mockApi({ [ORDERS]: () => ({ status: 200, body: historyPage([]) }) });
    renderHistory(makeData({ offer: makeOffer({ use_points: true }) }));
    expect(await screen.findByText('You don’t have any orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Rewards' })).toHaveAttribute('href', '/rewards?t=tok');
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let fail = true;
    mockApi({
      [ORDERS]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } }
          : { status: 200, body: historyPage([growlerOrder]) },
    });
    renderHistory();
    expect(
      await screen.findByText('We could not load your orders. Check your connection and try again.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order #9011' })).toBeInTheDocument();
  });

  it('shows 20 orders, then the next page on Show More Orders', async () => {
    const first = Array.from({ length: 20 }, (_, index) => makeOrder({ id: 8000 - index }));
    const { calls } = mockApi({
      [ORDERS]: ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { status: 200, body: historyPage([makeOrder({ id: 7000 })], { page: 2, total: 21 }) }
          : { status: 200, body: historyPage(first, { total: 21 }) },
    });
    renderHistory();
    const list = await screen.findByRole('list', { name: 'Orders' });
    // The first screenful first, the rest in the render right after (useFirstScreenFirst).
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Show More Orders' }));
    expect(await screen.findByRole('heading', { name: 'Order #7000' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Show More Orders' })).not.toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.pathname.endsWith('/orders'))
        .map((call) => call.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });
});
