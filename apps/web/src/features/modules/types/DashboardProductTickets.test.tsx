import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { DataResponse } from '@trailpass/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeData, makePartner, makePreview } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { makeOrderProduct } from '../components/fixtures.test-helpers';
import { ModuleContextProvider } from '../context';
import {
  makeAssignment,
  makeModule,
  makeProduct,
  moduleContext,
  renderWithModuleContext,
} from '../test-fixtures';
import DashboardProductTickets from './DashboardProductTickets';

const module = makeModule({ id: 3009, type: 'DashboardProductTickets', data: { label: 'Active Tickets' } });

const products = [
  makeProduct({ id: 504, name: 'Free Tasting Flight', venueName: 'Anchor & Oar Brewing' }),
  makeProduct({ id: 505, name: 'Daily Coffee' }),
  makeProduct({ id: 506, name: 'Museum Entry' }),
  makeProduct({ id: 501, name: 'Check in at Anchor & Oar', type: 'check-in' }),
];

function ticket(id: number, timer: number | null) {
  return { id: id + 100, order_product_id: id, timer, initialTimer: timer };
}

/** A redeemed order product has no uses left, so its ticket shows without a redeem button. */
function used(overrides: Parameters<typeof makeOrderProduct>[0]) {
  return makeOrderProduct({ redemptions_remaining_use: 0, ...overrides });
}

function data(overrides: Partial<DataResponse> = {}) {
  return makeData({
    products,
    partner: makePartner({ timezone: 'America/Chicago' }),
    order_products: [
      used({ id: 1, product_id: 504, redeemed: '2026-03-02T15:15:00Z', ticket: ticket(1, 3) }),
      used({ id: 2, product_id: 501, redeemed: '2026-03-02T15:20:00Z', ticket: ticket(2, 0) }),
      // Already hidden.
      used({ id: 3, product_id: 505, redeemed: '2026-03-02T12:00:00Z', ticket: ticket(3, -1) }),
      // No ticket, or a ticket without a timer: nothing to show.
      makeOrderProduct({ id: 4, product_id: 506, ticket: null }),
      makeOrderProduct({ id: 5, product_id: 506, ticket: ticket(5, null) }),
      // A longer one, shown as minutes and seconds.
      used({ id: 6, product_id: 506, redeemed: '2026-03-02T15:19:00Z', ticket: ticket(6, 600) }),
    ],
    ...overrides,
  });
}

function renderTickets(appData: DataResponse) {
  return renderWithModuleContext(<DashboardProductTickets module={module} />, {
    assignment: makeAssignment([module]),
    appData,
  });
}

function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T15:20:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DashboardProductTickets', () => {
  it('counts a ticket down every second from when the data was loaded, and hides it at 0', () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    renderTickets(data());
    const flight = screen.getByRole('timer', { name: 'Time left for Free Tasting Flight' });
    expect(flight).toHaveTextContent('00:03');
    expect(screen.getByRole('timer', { name: 'Time left for Museum Entry' })).toHaveTextContent('10:00');
    tick(1000);
    expect(flight).toHaveTextContent('00:02');
    expect(screen.getByRole('timer', { name: 'Time left for Museum Entry' })).toHaveTextContent('09:59');
    tick(1000);
    expect(flight).toHaveTextContent('00:01');
    tick(1000);
    expect(
      screen.queryByRole('timer', { name: 'Time left for Free Tasting Flight' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Free Tasting Flight')).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left for Museum Entry' })).toHaveTextContent('09:57');
    // One clock for the module, however many tickets count down.
    expect(setInterval).toHaveBeenCalledTimes(1);
  });

  it('counts from when /data was loaded, not from when the module first shows', () => {
    const appData = data();
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    const client = testQueryClient(appData, 'tok');
    // The module's chunk arrives 2 seconds after /data.
    tick(2000);
    const element = (
      <ModuleContextProvider value={moduleContext({ assignment: makeAssignment([module]), appData })}>
        <DashboardProductTickets module={module} />
      </ModuleContextProvider>
    );
    const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/experiences?t=tok'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('timer', { name: 'Time left for Free Tasting Flight' })).toHaveTextContent(
      '00:01',
    );
  });

  it('shows a check-in (timer 0) as Checked in with the time in the partner timezone', () => {
    renderTickets(data());
    const checkIn = screen.getByRole('heading', { name: 'Check in at Anchor & Oar' }).closest('li');
    expect(checkIn).not.toBeNull();
    expect(within(checkIn as HTMLElement).getByText(/Checked in/)).toHaveTextContent(
      'Checked in Mar 2, 2026, 9:20 AM',
    );
    expect(within(checkIn as HTMLElement).queryByRole('timer')).not.toBeInTheDocument();
    // Check-ins do not run out.
    tick(700_000);
    expect(screen.getByRole('heading', { name: 'Check in at Anchor & Oar' })).toBeInTheDocument();
  });

  it('never shows an expired ticket (-1) or an order product without a timer', () => {
    renderTickets(data());
    const list = screen.getByRole('list', { name: 'Active Tickets' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Daily Coffee')).not.toBeInTheDocument();
  });

  it('says there are none when the last one hides, and stops its clock', () => {
    const setInterval = vi.spyOn(window, 'setInterval');
    const clearInterval = vi.spyOn(window, 'clearInterval');
    renderTickets(
      data({
        order_products: [
          used({ id: 1, product_id: 504, redeemed: '2026-03-02T15:15:00Z', ticket: ticket(1, 2) }),
        ],
      }),
    );
    tick(2000);
    expect(screen.getByText('You have no active tickets.')).toBeInTheDocument();
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(clearInterval).toHaveBeenCalledWith(setInterval.mock.results[0]?.value);
  });

  it('tells a signed-in user without tickets so, and shows nothing signed out', () => {
    const { unmount } = renderTickets(data({ order_products: [] }));
    expect(screen.getByRole('heading', { level: 2, name: 'Active Tickets' })).toBeInTheDocument();
    expect(screen.getByText('You have no active tickets.')).toBeInTheDocument();
    unmount();
    const { container } = renderTickets(makePreview({ type: 'product', typeId: 504 }));
    expect(container).toBeEmptyDOMElement();
  });

  it('offers Redeem on a ticket whose repeating product can be used again, and only there', () => {
    renderTickets(
      data({
        order_products: [
          used({ id: 1, product_id: 504, redeemed: '2026-03-02T15:15:00Z', ticket: ticket(1, 600) }),
          used({
            id: 7,
            product_id: 505,
            redeemed: '2026-03-02T13:20:00Z',
            duplicate_date: '2026-03-02T14:20:00Z',
            ticket: ticket(7, 1200),
          }),
        ],
      }),
    );
    const coffee = screen.getByRole('heading', { name: 'Daily Coffee' }).closest('li') as HTMLElement;
    expect(within(coffee).getByRole('button', { name: 'Redeem Daily Coffee' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
