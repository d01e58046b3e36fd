import { screen, within } from '@testing-library/react';
import type { CartOrder, Order } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../lib/routes';
import { mockApi } from '../../test/api-mock';
import { makeData } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { type CartItem, saveCart } from '../cart/cart-store';
import ReviewOrderPage from '../cart/components/ReviewOrderPage';
import { rewardsData } from '../cart/fixtures.test-helpers';
import OrderDetailsPage from './components/OrderDetailsPage';
import OrderHistoryPage from './components/OrderHistoryPage';
import { cashOrder, historyPage, makeOrder, makeOrderItem } from './fixtures.test-helpers';

/**
 * One cash rule on the three pages that show what an order was paid with (decision 0033): My Bag and
 * OrderDetails show the totals (Order Points Total, Order Cash Total, Payments), OrderHistory "points spent
 * or Paid With Cash". Every case of the table is rendered on every page, and each page must agree.
 */

/** An order paid with these points and this price_paid, its one product costing the points. */
function paidWith(id: number, points: number, pricePaid: string): Order {
  return makeOrder({
    id,
    points_paid: points,
    price_paid: pricePaid,
    products: [
      makeOrderItem({ id: id + 400, order_id: id, points_paid: points, delivery_method: 'shipped' }),
    ],
  });
}

interface CashCase {
  name: string;
  order: Order;
  /** The cash shown ("Order Cash Total" and the Payments' Cash line; Paid With Cash on OrderHistory). */
  cash: string | null;
  /** The points the totals show. */
  points: string;
  /** The points spent that OrderHistory shows beside (or instead of) Paid With Cash. */
  historyPoints: string | null;
}

const CASES: CashCase[] = [
  {
    name: 'order 9003, $39.00 and no points',
    order: cashOrder,
    cash: '$39.00',
    points: '0 points',
    historyPoints: null,
  },
  {
    name: 'a points order, price_paid 0.00',
    order: paidWith(9011, 80, '0.00'),
    cash: null,
    points: '80 points',
    historyPoints: '80 points',
  },
  {
    name: 'a free deal, no points and 0.00',
    order: paidWith(9001, 0, '0.00'),
    cash: null,
    points: '0 points',
    historyPoints: '0 points',
  },
  {
    name: 'points and cash',
    order: paidWith(9020, 50, '10.50'),
    cash: '$10.50',
    points: '50 points',
    historyPoints: '50 points',
  },
  {
    name: 'a price that does not parse',
    order: paidWith(9021, 30, 'n/a'),
    cash: null,
    points: '30 points',
    historyPoints: '30 points',
  },
];

/** The totals of My Bag and OrderDetails (OrderTotals). */
function expectTotals({ cash, points }: CashCase) {
  expect(screen.getByText('Order Points Total').nextSibling).toHaveTextContent(points);
  expect(screen.getByRole('heading', { level: 3, name: 'Payments' })).toBeInTheDocument();
  expect(screen.getByText('Points').nextSibling).toHaveTextContent(points);
  if (cash === null) {
    expect(screen.queryByText('Order Cash Total')).not.toBeInTheDocument();
    expect(screen.queryByText('Cash')).not.toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  } else {
    expect(screen.getByText('Order Cash Total').nextSibling).toHaveTextContent(cash);
    expect(screen.getByText('Cash').nextSibling).toHaveTextContent(cash);
  }
}

interface Page {
  render: (order: Order) => void;
  /** Waits for the page to show the order, then checks its cash display against the case. */
  expectCash: (expected: CashCase) => Promise<void>;
}

const PAGES: Record<'My Bag' | 'OrderHistory' | 'OrderDetails', Page> = {
  'My Bag': {
    render(order) {
      // The order as the cart holds it (a draft with its hold).
      const draft: CartOrder = {
        ...order,
        status: 'draft',
        purchased_at: null,
        leftTime: 600,
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      };
      const first = [...order.deals, ...order.packages, ...order.products][0];
      const item: CartItem = {
        itemId: first?.reward_item_id ?? first?.parent.id ?? 0,
        itemType: first?.type ?? 'product',
        attributeId: null,
        dealId: null,
        deliveryMethod: first?.delivery_method ?? null,
        orderItemId: first?.id ?? null,
        name: first?.name ?? '',
        attributeName: null,
        points: order.points_paid,
        imageUrl: null,
        venueId: null,
        giftable: false,
        slot: null,
      };
      window.history.replaceState(null, '', '/pass/revieworder?t=tok');
      saveCart({ orderId: order.id, item, expiresAt: draft.expires_at });
      mockApi({
        [`GET /cart/${order.id}`]: () => ({ status: 200, body: { orderId: order.id, order: draft } }),
        'GET /partnerUser/1001/points/current': () => ({
          status: 200,
          body: { deal_id: 401, current_points: 1200, next_points_expiration: null },
        }),
      });
      renderPage(<ReviewOrderPage />, {
        data: rewardsData(),
        url: '/pass/revieworder?t=tok',
        path: routePaths.ReviewOrder,
      });
    },
    async expectCash(expected) {
      await screen.findByRole('list', { name: 'Items in your bag' });
      expectTotals(expected);
    },
  },
  OrderHistory: {
    render(order) {
      mockApi({ 'GET /partnerUser/1001/orders': () => ({ status: 200, body: historyPage([order]) }) });
      renderPage(<OrderHistoryPage />, {
        data: makeData(),
        url: '/pass/orderhistory?t=tok',
        path: routePaths.OrderHistory,
      });
    },
    async expectCash({ order, cash, historyPoints }) {
      const card = await screen.findByRole('listitem', { name: `Order #${order.id}` });
      if (cash === null) expect(within(card).queryByText('Paid With Cash')).not.toBeInTheDocument();
      else expect(within(card).getByText('Paid With Cash')).toBeInTheDocument();
      expect(within(card).queryByText(/\$/)).not.toBeInTheDocument();
      if (historyPoints === null) expect(within(card).queryByText(/points?$/)).not.toBeInTheDocument();
      else expect(within(card).getByText(historyPoints)).toBeInTheDocument();
    },
  },
  OrderDetails: {
    render(order) {
      mockApi({ [`GET /partnerUser/1001/orders/${order.id}`]: () => ({ status: 200, body: order }) });
      const type = order.products.length > 0 ? 'products' : 'deals';
      renderPage(<OrderDetailsPage />, {
        data: makeData(),
        url: `/pass/orderdetails/${order.id}?type=${type}&t=tok`,
        path: routePaths.OrderDetails,
      });
    },
    async expectCash(expected) {
      await screen.findByRole('list', { name: 'Items in this order' });
      expectTotals(expected);
    },
  },
};

describe('cash totals: one rule on My Bag, OrderHistory and OrderDetails (spec 9, decision 0033)', () => {
  describe.each(CASES)('$name', (cashCase) => {
    it.each(Object.keys(PAGES) as Array<keyof typeof PAGES>)('%s', async (name) => {
      const page = PAGES[name];
      page.render(cashCase.order);
      await page.expectCash(cashCase);
    });
  });
});
