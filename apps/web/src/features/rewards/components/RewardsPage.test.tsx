import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataResponse, RewardItem } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { type MockHandler, mockApi } from '../../../test/api-mock';
import { makeData, makeDeal, makeOffer } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { demoRewardItems } from '../../modules/components/fixtures.test-helpers';
import RewardsPage from './RewardsPage';

const POINTS = 'GET /partnerUser/1001/points/current';
const REWARDS = 'GET /partnerUser/1001/rewards';
const EMPTY =
  'There are no additional rewards available at this time. Please check back later to see if this page has been updated.';

// Noon UTC, so the day is the same in any test timezone.
const DEAL_201_UNTIL = '2030-06-15T12:00:00.000Z';
const DEAL_202_UNTIL = '2020-03-01T12:00:00.000Z';
const OFFER_102_UNTIL = '2031-02-03T12:00:00.000Z';

/** Ava on Lakeshore Brew Trail (offer 101, 5 points a dollar): deals 201, 202 (expired) and 203 (no date). */
const brewTrail = makeData({
  offer: makeOffer({ id: 101, use_points: false, points_ratio: 5 }),
  deals: [
    makeDeal({ id: 203, name: 'Lakeshore Coffee Crawl', points_valid_until: null, current_points: 0 }),
    makeDeal({ id: 202, name: 'Harbor Hops Summer Challenge', points_valid_until: DEAL_202_UNTIL }),
    makeDeal({
      id: 201,
      name: 'Brew Trail Passport',
      points_valid_until: DEAL_201_UNTIL,
      current_points: 205,
    }),
    makeDeal({ id: 207, name: 'Brewmaster’s Backstage Tour', use_points: false }),
  ],
  current_points: 205,
});

/** Ava on Lakeshore Rewards (offer 102, a points offer at 10 points a dollar). */
const lakeshoreRewards = makeData({
  offer: makeOffer({ id: 102, use_points: true, points_ratio: 10, points_valid_until: OFFER_102_UNTIL }),
  deals: [
    makeDeal({ id: 204, offer_id: 102, name: 'Lakeshore Rewards Club', current_points: 1200 }),
    makeDeal({ id: 210, offer_id: 102, name: 'Another points deal' }),
  ],
  current_points: 1200,
});

const BALANCES: Record<string, number> = { '201': 205, '202': 0, '203': 30, none: 1200 };

function rewardsOf(dealId: string | null): RewardItem[] {
  if (dealId === null) return demoRewardItems(102);
  return demoRewardItems(101).filter((item) => String(item.deal_id) === dealId);
}

/** The server's answers for Ava: each deal's balance and items (the points offer's when no dealId). */
function avaApi(overrides: Record<string, MockHandler> = {}) {
  return mockApi({
    [POINTS]: ({ url }) => {
      const dealId = url.searchParams.get('dealId');
      return {
        status: 200,
        body: {
          deal_id: dealId ? Number(dealId) : 204,
          current_points: BALANCES[dealId ?? 'none'],
          next_points_expiration: null,
        },
      };
    },
    [REWARDS]: ({ url }) => {
      const dealId = url.searchParams.get('dealId');
      return {
        status: 200,
        body: { deal_id: dealId ? Number(dealId) : null, rewardItems: rewardsOf(dealId) },
      };
    },
    ...overrides,
  });
}

function renderRewards(data: DataResponse, query = '') {
  return renderPage(<RewardsPage />, { data, url: `/pass/rewards?t=tok${query}`, path: routePaths.Rewards });
}

const card = (name: string) => screen.getByRole('link', { name });
const requests = (calls: ReturnType<typeof mockApi>['calls'], route: string) =>
  calls.filter((call) => `GET ${call.url.pathname.replace(/^\/pass\/api/, '')}` === route);

describe('RewardsPage', () => {
  it('shows My Rewards with the points chip leading to the history', async () => {
    avaApi();
    renderRewards(brewTrail);
    expect(screen.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeInTheDocument();
    const chip = screen.getByRole('link', { name: '205 points, see history' });
    expect(chip).toHaveAttribute('href', '/account/rewards?t=tok');
    await screen.findByRole('list', { name: 'Rewards' });
  });

  it('offers the gamified deals, latest date first and undated after, and keeps the choice in the URL', async () => {
    const { calls } = avaApi();
    const { router } = renderRewards(brewTrail);
    const selector = screen.getByRole('combobox', { name: 'Deal' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Brew Trail Passport', 'Harbor Hops Summer Challenge', 'Lakeshore Coffee Crawl']);
    expect(selector).toHaveValue('201');
    expect(screen.getByText('Redeem prizes using points until Jun 15, 2030')).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Brew Trail Tee' });
    expect(requests(calls, REWARDS)[0]?.url.searchParams.get('dealId')).toBe('201');
    expect(requests(calls, REWARDS)[0]?.url.searchParams.get('offerId')).toBe('101');

    await userEvent.selectOptions(selector, '202');
    expect(router.state.location.search).toBe('?t=tok&dealId=202');
    expect(screen.getByText('Points expired on Mar 1, 2020')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Harbor Hops Koozie' })).toHaveAttribute(
      'href',
      '/rewards/product/1207?dealId=202&t=tok',
    );
    expect(screen.queryByRole('link', { name: 'Brew Trail Tee' })).not.toBeInTheDocument();
    expect(requests(calls, POINTS).at(-1)?.url.searchParams.get('dealId')).toBe('202');
    expect(await screen.findByRole('link', { name: '0 points, see history' })).toBeInTheDocument();
  });

  it('opens on the deal in the URL (a reload keeps it); a deal without a date has no note', async () => {
    avaApi();
    renderRewards(brewTrail, '&dealId=203');
    expect(screen.getByRole('combobox', { name: 'Deal' })).toHaveValue('203');
    expect(await screen.findByRole('link', { name: 'Coffee Crawl Mug' })).toBeInTheDocument();
    expect(screen.queryByText(/Redeem prizes|Points expired/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '30 points, see history' })).toBeInTheDocument();
  });

  it('shows what each reward needs: a range across options, options sold out, and what is out of reach', async () => {
    avaApi();
    renderRewards(brewTrail);
    // S and M 24 dollars, L 28, at 5 points a dollar; M has none left.
    const tee = await screen.findByRole('link', { name: 'Brew Trail Tee' });
    expect(tee).toHaveAccessibleDescription(/From 120 points/);
    expect(within(tee).getByText('M sold out')).toBeInTheDocument();
    expect(within(tee).queryByText('Not enough points')).not.toBeInTheDocument();
    expect(tee).toHaveAttribute('href', '/rewards/product/1201?dealId=201&t=tok');
    // 300 and 320 points against 205.
    const hoodie = card('Lakeshore Trail Hoodie');
    expect(hoodie).toHaveAccessibleDescription(/From 300 points/);
    expect(within(hoodie).getByText('Not enough points')).toBeInTheDocument();
    expect(card('Growler Fill at Anchor & Oar')).toHaveAccessibleDescription(/^80 points/);
    expect(
      within(card('Growler Fill at Anchor & Oar')).queryByText('Not enough points'),
    ).not.toBeInTheDocument();
    expect(card('Growler Fill at Anchor & Oar').querySelector('img')).toHaveAttribute(
      'src',
      '/pass/media/growler.svg',
    );
  });

  it('on a points offer: no selector, the offer’s date, claimable and unaffordable rewards, and Sold out', async () => {
    const { calls } = avaApi();
    renderRewards(lakeshoreRewards);
    expect(screen.getByRole('link', { name: '1,200 points, see history' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Redeem prizes using points until Feb 3, 2031')).toBeInTheDocument();

    await screen.findByRole('list', { name: 'Rewards' });
    for (const [name, points] of [
      ['Insulated Tumbler', /^450 points/],
      ['Lighthouse Sunset Cruise for Two', /^1,000 points/],
      ['Lakeshore Getaway Night', /^From 1,100 points/],
    ] as const) {
      expect(card(name)).toHaveAccessibleDescription(points);
      expect(within(card(name)).queryByText('Not enough points')).not.toBeInTheDocument();
      expect(within(card(name)).queryByText('Sold out')).not.toBeInTheDocument();
    }
    expect(card('Kayak Day Rental')).toHaveAccessibleDescription(/^1,500 points/);
    expect(within(card('Kayak Day Rental')).getByText('Not enough points')).toBeInTheDocument();
    const towel = card('Lakeshore Beach Towel');
    expect(within(towel).getByText('Sold out')).toBeInTheDocument();
    expect(within(towel).queryByText('Not enough points')).not.toBeInTheDocument();
    expect(card('Insulated Tumbler')).toHaveAttribute('href', '/rewards/product/1210?t=tok');

    // The server finds the points offer's deal itself.
    for (const call of [...requests(calls, REWARDS), ...requests(calls, POINTS)]) {
      expect(call.url.searchParams.get('offerId')).toBe('102');
      expect(call.url.searchParams.has('dealId')).toBe(false);
    }
  });

  it('says when there are no rewards, and shows no selector for a single gamified deal', async () => {
    avaApi({ [REWARDS]: () => ({ status: 200, body: { deal_id: 205, rewardItems: [] } }) });
    renderRewards(
      makeData({
        offer: makeOffer({ id: 103, use_points: false, points_ratio: null }),
        deals: [makeDeal({ id: 205, offer_id: 103, points_valid_until: DEAL_201_UNTIL, current_points: 20 })],
        current_points: 20,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPTY);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Redeem prizes using points until Jun 15, 2030')).toBeInTheDocument();
  });

  it('shows card placeholders while loading, and the points /data counted until the fresh count arrives', async () => {
    let release: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    avaApi({
      [POINTS]: async () => {
        await waiting;
        return { status: 200, body: { deal_id: 201, current_points: 210, next_points_expiration: null } };
      },
      [REWARDS]: async () => {
        await waiting;
        return { status: 200, body: { deal_id: 201, rewardItems: rewardsOf('201') } };
      },
    });
    renderRewards(brewTrail);
    expect(screen.getByRole('status')).toHaveTextContent('Loading rewards…');
    expect(screen.getByRole('link', { name: '205 points, see history' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Brew Trail Tee' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '210 points, see history' })).toBeInTheDocument();
  });

  it('offers to try again when the rewards cannot be loaded', async () => {
    let fail = true;
    avaApi({
      [REWARDS]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something broke' } } }
          : { status: 200, body: { deal_id: 201, rewardItems: rewardsOf('201') } },
    });
    renderRewards(brewTrail);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your rewards could not be loaded. Check your connection and try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Brew Trail Tee' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
