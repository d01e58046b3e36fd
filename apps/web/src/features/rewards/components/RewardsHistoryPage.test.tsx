import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse, PointsHistory, PointsHistoryEntry } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makeDeal, makeOffer, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import RewardsHistoryPage from './RewardsHistoryPage';

const HISTORY = 'GET /partnerUser/1001/points/history';
const CURRENT = 'GET /partnerUser/1001/points/current';

// Noon UTC, so the day is the same in any test timezone.
const DEAL_201_UNTIL = '2030-06-15T12:00:00.000Z';
const DEAL_202_UNTIL = '2020-03-01T12:00:00.000Z';

function entry(overrides: Partial<PointsHistoryEntry> & Pick<PointsHistoryEntry, 'id'>): PointsHistoryEntry {
  return {
    deal_id: 201,
    reason_text: 'checked in at Anchor & Oar Brewing',
    points: 50,
    balance: 50,
    value_date: '2026-03-01T12:00:00.000Z',
    order_id: null,
    redeemed: null,
    ...overrides,
  };
}

function history(dealId: number | null, data: PointsHistoryEntry[]): PointsHistory {
  return { data, deal_id: dealId, page: 1, display: 1_000_000, total: data.length };
}

/** Ava on Lakeshore Brew Trail (offer 101): gamified deals 201, 202 (expired) and 203 (no date). */
const brewTrail = makeData({
  offer: makeOffer({ id: 101, use_points: false }),
  deals: [
    makeDeal({ id: 203, name: 'Lakeshore Coffee Crawl', points_valid_until: null }),
    makeDeal({ id: 202, name: 'Harbor Hops Summer Challenge', points_valid_until: DEAL_202_UNTIL }),
    makeDeal({ id: 201, name: 'Brew Trail Passport', points_valid_until: DEAL_201_UNTIL }),
    makeDeal({ id: 207, name: 'Brewmaster’s Backstage Tour', use_points: false }),
  ],
});

const BREW_HISTORIES: Record<string, PointsHistory> = {
  '201': history(201, [
    entry({
      id: 9608,
      reason_text: 'claimed Growler Fill at Anchor & Oar',
      points: -80,
      balance: 185,
      value_date: '2026-03-03T12:00:00.000Z',
      order_id: 9011,
      redeemed: { id: 9412, completed: null, delivery_method: 'picked_up' },
    }),
    entry({
      id: 9604,
      reason_text: 'claimed Brew Trail Tee (M)',
      points: -120,
      balance: 55,
      value_date: '2026-02-15T12:00:00.000Z',
      order_id: 9008,
      redeemed: { id: 9409, completed: '2026-02-18T12:00:00.000Z', delivery_method: 'shipped' },
    }),
    entry({
      id: 9601,
      reason_text: 'welcome bonus',
      points: 200,
      balance: 200,
      value_date: '2026-01-22T12:00:00.000Z',
    }),
  ]),
  '202': history(202, [
    entry({
      id: 9612,
      deal_id: 202,
      reason_text: 'points expired at the end of the Harbor Hops Summer Challenge',
      points: -65,
      balance: 0,
      value_date: '2026-02-25T12:00:00.000Z',
    }),
  ]),
  '203': history(203, [
    entry({
      id: 9613,
      deal_id: 203,
      reason_text: 'checked in at Birch Harbor Coffee Roasters',
      points: 30,
      balance: 30,
      value_date: '2026-02-22T12:00:00.000Z',
    }),
  ]),
};

function brewApi(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    [HISTORY]: ({ url }) => ({
      status: 200,
      body: BREW_HISTORIES[url.searchParams.get('dealId') ?? ''] ?? history(null, []),
    }),
    ...overrides,
  });
}

/** Ava on Lakeshore Rewards (offer 102, a points offer). */
const lakeshoreRewards = makeData({
  offer: makeOffer({ id: 102, use_points: true, name: 'Lakeshore Rewards' }),
  deals: [makeDeal({ id: 204, offer_id: 102, name: 'Lakeshore Rewards Club' })],
  current_points: 1200,
});

function renderHistory(data: DataResponse) {
  return renderPage(<RewardsHistoryPage />, {
    data,
    url: '/pass/account/rewards?t=tok',
    path: routePaths.RewardsHistory,
  });
}

const historyCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.url.pathname === '/pass/api/partnerUser/1001/points/history');

describe('RewardsHistoryPage (spec 2.10)', () => {
  it('reads each gamified deal’s history and shows every entry, newest first, with its deal', async () => {
    const { calls } = brewApi();
    renderHistory(brewTrail);
    expect(screen.getByRole('heading', { level: 1, name: 'My Rewards History' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your points history…');

    const list = await screen.findByRole('list', { name: 'Points history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Claimed Growler Fill at Anchor & Oar',
      'Points expired at the end of the Harbor Hops Summer Challenge',
      'Checked in at Birch Harbor Coffee Roasters',
      'Claimed Brew Trail Tee (M)',
      'Welcome bonus',
    ]);
    // One call per gamified deal (not 207, which has no points), page 1, display 1000000.
    expect(
      historyCalls(calls)
        .map((call) => Object.fromEntries(call.url.searchParams))
        .sort((a, b) => String(a.dealId).localeCompare(String(b.dealId))),
    ).toEqual(
      ['201', '202', '203'].map((dealId) => ({
        offerId: '101',
        dealId,
        page: '1',
        display: '1000000',
        t: 'tok',
      })),
    );

    const growler = rows[0] as HTMLElement;
    expect(growler).toHaveTextContent('Brew Trail Passport');
    expect(within(growler).getByText('Mar 3, 2026')).toBeInTheDocument();
    expect(within(growler).getByText('-80')).toBeInTheDocument();
    expect(growler).toHaveTextContent('-80 points');
    expect(within(growler).getByText('Balance 185')).toBeInTheDocument();
    expect(within(growler).getByRole('link', { name: 'Pending Pickup, Order #9011' })).toHaveAttribute(
      'href',
      '/orderdetails/9011?type=products&t=tok',
    );

    const coffee = rows[2] as HTMLElement;
    expect(coffee).toHaveTextContent('Lakeshore Coffee Crawl');
    expect(within(coffee).getByText('+30')).toBeInTheDocument();
    // Shipped, or a credit: no Pending Pickup.
    expect(within(rows[3] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText('+200')).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });

  it('lists when each deal’s points expire in a collapsible When Do My Points Expire?', async () => {
    brewApi();
    renderHistory(brewTrail);
    const toggle = screen.getByRole('button', { name: 'When Do My Points Expire?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'When Do My Points Expire?' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Brew Trail PassportValid until Jun 15, 2030',
      'Harbor Hops Summer ChallengeExpired Mar 1, 2020',
      'Lakeshore Coffee CrawlNo expiry date',
    ]);
  });

  it('says when the one gamified deal’s points expire in a single line', async () => {
    mockApi({ [HISTORY]: () => ({ status: 200, body: history(205, []) }) });
    renderHistory(
      makeData({
        offer: makeOffer({ id: 103, use_points: false }),
        deals: [
          makeDeal({
            id: 205,
            offer_id: 103,
            name: 'Harbor Town Check-In',
            points_valid_until: DEAL_201_UNTIL,
          }),
        ],
        partner_user: makeUser({ id: 1001 }),
      }),
    );
    expect(
      screen.getByText('Your Harbor Town Check-In points are valid until Jun 15, 2030.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'When Do My Points Expire?' })).not.toBeInTheDocument();
    // No history: the empty state, without a Rewards link on a gamified offer.
    expect(await screen.findByText('You dont have any rewards history.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse Rewards' })).not.toBeInTheDocument();
  });

  it('on a points offer reads one history and names the next points to expire', async () => {
    const { calls } = mockApi({
      [HISTORY]: () => ({
        status: 200,
        body: history(204, [
          entry({
            id: 9622,
            deal_id: 204,
            reason_text: 'survey bonus for rating your visit',
            points: 100,
            balance: 1200,
          }),
        ]),
      }),
      [CURRENT]: () => ({
        status: 200,
        body: {
          deal_id: 204,
          current_points: 1200,
          next_points_expiration: { date: '2026-03-20T12:00:00.000Z', points: 50 },
        },
      }),
    });
    renderHistory(lakeshoreRewards);
    expect(await screen.findByText('50 points expire on Mar 20, 2026')).toBeInTheDocument();
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Survey bonus for rating your visit');
    expect(row).toHaveTextContent('Lakeshore Rewards Club');
    expect(row).toHaveTextContent('+100');
    expect(row).toHaveTextContent('Balance 1,200');
    expect(historyCalls(calls).map((call) => Object.fromEntries(call.url.searchParams))).toEqual([
      { offerId: '102', page: '1', display: '1000000', t: 'tok' },
    ]);
  });

  it('shows the empty state with a link to Rewards on a points offer', async () => {
    mockApi({
      [HISTORY]: () => ({ status: 200, body: history(204, []) }),
      [CURRENT]: () => ({
        status: 200,
        body: { deal_id: 204, current_points: 0, next_points_expiration: null },
      }),
    });
    renderHistory(lakeshoreRewards);
    expect(await screen.findByText('You dont have any rewards history.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Rewards' })).toHaveAttribute('href', '/rewards?t=tok');
    expect(await screen.findByText('None of your points are due to expire.')).toBeInTheDocument();
  });

  it('shows what loaded when one deal’s history fails, and retries the one that failed', async () => {
    let fail = true;
    const { calls } = brewApi({
      [HISTORY]: ({ url }) => {
        const dealId = url.searchParams.get('dealId') ?? '';
        if (dealId === '202' && fail)
          return { status: 500, body: { error: { code: 'internal', message: 'Boom' } } };
        return { status: 200, body: BREW_HISTORIES[dealId] ?? history(null, []) };
      },
    });
    renderHistory(brewTrail);
    const alert = await screen.findByText(
      'Some of your points history could not be loaded. Check your connection and try again.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Points history' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    fail = false;
    const before = historyCalls(calls).length;
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(
      await screen.findByText('Points expired at the end of the Harbor Hops Summer Challenge'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(
      historyCalls(calls)
        .slice(before)
        .map((call) => call.url.searchParams.get('dealId')),
    ).toEqual(['202']);
  });

  it('says so when no history can be loaded at all', async () => {
    mockApi({
      [HISTORY]: () => ({ status: 503, body: { error: { code: 'unavailable', message: 'Down' } } }),
    });
    renderHistory(brewTrail);
    expect(
      await screen.findByText('We could not load your points history. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('You dont have any rewards history.')).not.toBeInTheDocument();
  });
});
