import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse } from '@trailpass/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData, makePartner, makePreview, makeSignedOut } from '../../../test/fixtures';
import { preloadLazyModules } from '../../../test/preload';
import { renderPage } from '../../../test/render';
import { useAppData } from '../../app-data';
import { makeOrderProduct } from '../components/fixtures.test-helpers';
import { ModuleContextProvider } from '../context';
import {
  makeAssignment,
  makeModule,
  makeProduct,
  moduleContext,
  renderWithModuleContext,
} from '../test-fixtures';
import DashboardItems from './DashboardItems';

const module = makeModule({ id: 3008, type: 'DashboardItems', data: { label: 'Purchased Items' } });

const products = [
  makeProduct({ id: 504, name: 'Free Tasting Flight' }),
  makeProduct({ id: 505, name: 'Daily Coffee', repeat: true }),
  makeProduct({ id: 506, name: 'Museum Entry', venueName: 'Port Alder Maritime Museum' }),
  makeProduct({ id: 507, name: 'Growler Fill' }),
  makeProduct({ id: 519, name: 'Merch Coupon', type: 'coupon', deal_id: 0 }),
];

function signedIn(overrides: Partial<DataResponse> = {}) {
  return makeData({
    products,
    partner: makePartner({ timezone: 'America/Chicago' }),
    order_deals: [
      {
        id: 9001,
        deal_id: 201,
        order_id: 7001,
        redemptions_remaining: 2,
        redemptions_made: 5,
        added_max_redemptions: 1,
        type: 'deal',
      },
      {
        id: 9002,
        deal_id: 202,
        order_id: 7002,
        redemptions_remaining: 0,
        redemptions_made: 4,
        added_max_redemptions: null,
        type: 'deal',
      },
    ],
    order_products: [
      makeOrderProduct({ id: 1, product_id: 504 }),
      makeOrderProduct({ id: 2, product_id: 504 }),
      // Used: a redeemed order product has no uses left (else it could be used again, spec 4).
      makeOrderProduct({
        id: 3,
        product_id: 505,
        redeemed: '2026-03-02T12:20:00Z',
        duplicate_date: '2026-03-03T12:20:00Z',
        redemptions_remaining_use: null,
      }),
      makeOrderProduct({
        id: 4,
        product_id: 506,
        redeemed: '2026-03-01T15:00:00Z',
        redemptions_remaining_use: 0,
      }),
      makeOrderProduct({ id: 5, product_id: 507, order_deal_id: 9002 }),
      makeOrderProduct({ id: 6, product_id: 519, deal_id: 0, order_deal_id: null }),
      makeOrderProduct({ id: 7, product_id: 999 }),
    ],
    ...overrides,
  });
}

function renderItems(appData: DataResponse, options: { dealId?: number } = {}) {
  return renderWithModuleContext(<DashboardItems module={module} />, {
    assignment: makeAssignment([module]),
    appData,
    ...(options.dealId ? { page: 'deal' as const, dealId: options.dealId } : {}),
  });
}

/** As on a page: the module reads /data from the query cache, so a redemption merged into it shows. */
function LivePage() {
  const { data } = useAppData();
  if (!data) return null;
  return (
    <ModuleContextProvider value={moduleContext({ assignment: makeAssignment([module]), appData: data })}>
      <DashboardItems module={module} />
    </ModuleContextProvider>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T15:20:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

preloadLazyModules(() => import('../../redeem/components/PinPadDialog'));

describe('DashboardItems', () => {
  it('shows one card per purchased product in product order, each linking to the product', () => {
    renderItems(signedIn());
    const list = screen.getByRole('list', { name: 'Purchased Items' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Daily Coffee', 'Free Tasting Flight', 'Growler Fill', 'Museum Entry', 'Merch Coupon']);
    expect(screen.getByRole('link', { name: 'Free Tasting Flight' })).toHaveAttribute(
      'href',
      '/experiences/product/504?t=tok',
    );
  });

  it('keeps the page deal in the product route', () => {
    renderItems(signedIn(), { dealId: 201 });
    expect(screen.getByRole('link', { name: 'Museum Entry' })).toHaveAttribute(
      'href',
      '/experiences/deal/201/product/506?t=tok',
    );
  });

  it('shows how many the user holds and whether one is ready to use', () => {
    renderItems(signedIn());
    const flight = screen.getByRole('link', { name: 'Free Tasting Flight' });
    expect(flight).toHaveAccessibleDescription(/Ready to use/);
    expect(flight).toHaveAccessibleDescription(/2 purchased/);
    expect(screen.getByRole('link', { name: 'Museum Entry' })).toHaveAccessibleDescription(
      /Port Alder Maritime Museum.*Redeemed.*1 purchased/,
    );
    // Repeats tomorrow: redeemed for now, with when it comes back (partner time).
    expect(screen.getByRole('link', { name: 'Daily Coffee' })).toHaveAccessibleDescription(
      /Redeemed.*Available again Mar 3, 2026, 6:20 AM/,
    );
    // Its deal has no redemptions left.
    expect(screen.getByRole('link', { name: 'Growler Fill' })).toHaveAccessibleDescription(
      /No redemptions left/,
    );
  });

  it('is ready again once a repeating product comes back', () => {
    vi.setSystemTime(new Date('2026-03-03T13:00:00Z'));
    renderItems(signedIn());
    expect(screen.getByRole('link', { name: 'Daily Coffee' })).toHaveAccessibleDescription(/Ready to use/);
  });

  it('tells a signed-in user without purchases so', () => {
    renderItems(signedIn({ order_products: [] }));
    expect(screen.getByRole('heading', { level: 2, name: 'Purchased Items' })).toBeInTheDocument();
    expect(screen.getByText('You have no purchased items yet.')).toBeInTheDocument();
  });

  it('shows nothing signed out or in a preview', () => {
    const { container, unmount } = renderItems(makeSignedOut({ products }));
    expect(container).toBeEmptyDOMElement();
    unmount();
    const preview = renderItems(makePreview({ type: 'product', typeId: 504 }));
    expect(preview.container).toBeEmptyDOMElement();
  });

  it('offers Redeem below the card of a product ready to use, outside its link', () => {
    renderItems(signedIn());
    const redeem = screen.getByRole('button', { name: 'Redeem Free Tasting Flight' });
    expect(screen.getByRole('link', { name: 'Free Tasting Flight' })).not.toContainElement(redeem);
    expect(redeem.closest('a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Redeem Merch Coupon' })).toBeInTheDocument();
    // Redeemed, used for now, or out of redemptions: nothing to press.
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('marks a purchase past its end date as expired, with no button', () => {
    renderItems(
      signedIn({
        order_products: [makeOrderProduct({ id: 1, product_id: 504, expire_date: '2026-03-01T00:00:00Z' })],
      }),
    );
    expect(screen.getByRole('link', { name: 'Free Tasting Flight' })).toHaveAccessibleDescription(/Expired/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('still calls a purchase that was used before it ended Redeemed', () => {
    renderItems(
      signedIn({
        order_products: [
          makeOrderProduct({
            id: 1,
            product_id: 504,
            redeemed: '2026-02-01T12:00:00Z',
            redemptions_remaining_use: 0,
            end_date: '2026-03-01T00:00:00Z',
          }),
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Free Tasting Flight' })).toHaveAccessibleDescription(/Redeemed/);
  });

  it('shows the redemption at once, keeping the success line on the card that is now redeemed', async () => {
    const data = signedIn({ order_products: [makeOrderProduct({ id: 1, product_id: 504 })] });
    mockApi({
      'POST /partnerUser/1001/redeem': () => ({
        status: 200,
        body: {
          order_products: [
            makeOrderProduct({
              id: 1,
              product_id: 504,
              redeemed: '2026-03-02T15:20:00Z',
              redemptions_remaining_use: 0,
              ticket: { id: 9600, order_product_id: 1, timer: 900, initialTimer: 900 },
            }),
          ],
          order_deals: [],
          order_items: [],
          points_earned: 0,
          errors: [],
        },
      }),
      // The refresh that follows is slow: what shows meanwhile is the answer merged into /data.
      'GET /data': () => new Promise(() => {}),
    });
    renderPage(<LivePage />, { data, url: '/pass/experiences?t=tok' });
    await userEvent.click(screen.getByRole('button', { name: 'Redeem Free Tasting Flight' }));
    const pad = await screen.findByRole('dialog', { name: 'Enter Validation Code' }, { timeout: 5000 });
    for (const digit of '1357') await userEvent.click(within(pad).getByRole('button', { name: digit }));
    await userEvent.click(within(pad).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const card = screen.getByRole('link', { name: 'Free Tasting Flight' });
    await waitFor(() => expect(card).toHaveAccessibleDescription(/Redeemed/));
    expect(screen.getByRole('status')).toHaveTextContent('Redeemed Mar 2, 2026, 9:20 AM');
    expect(screen.getByRole('timer', { name: 'Time left for Free Tasting Flight' })).toHaveTextContent(
      '15:00',
    );
    expect(screen.queryByRole('button', { name: 'Redeem Free Tasting Flight' })).not.toBeInTheDocument();
    // The pad's chunks (MUI's theme and the dialog) may take up to the 5 s the pad is given above.
  }, 20_000);
});
