import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeData, makeOffer } from '../../../test/fixtures';
import { demoRewardItems } from '../components/fixtures.test-helpers';
import { makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DashboardItemCards from './DashboardItemCards';

/** Lakeshore Rewards (offer 102): a points offer, 10 points per dollar. */
const appData = makeData({
  offer: makeOffer({ id: 102, use_points: true, points_ratio: 10 }),
  current_points: 1200,
});

function rewards(data: Record<string, unknown>, items = demoRewardItems(102)) {
  const module = makeModule({
    id: 3043,
    type: 'DashboardItemCards',
    data: { label: 'Rewards You Can Claim', ...data },
  });
  return renderWithModuleContext(<DashboardItemCards module={module} />, {
    assignment: makeAssignment([module], { rewardItems: items }),
    appData,
  });
}

function cardNames() {
  return within(screen.getByRole('list', { name: 'Rewards You Can Claim' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

function card(name: string) {
  return screen.getByRole('link', { name });
}

describe('DashboardItemCards', () => {
  it('lists data.sorted first, then the rest by name, up to the cap in data.value', () => {
    rewards({ sorted: [1211, 1210], value: 3 });
    expect(cardNames()).toEqual([
      'Lighthouse Sunset Cruise for Two',
      'Insulated Tumbler',
      'Kayak Day Rental',
    ]);
  });

  it('shows them all when the cap is negative', () => {
    rewards({ sorted: [1211, 1210], value: -1 });
    expect(cardNames()).toEqual([
      'Lighthouse Sunset Cruise for Two',
      'Insulated Tumbler',
      'Kayak Day Rental',
      'Lakeshore Beach Towel',
      'Lakeshore Getaway Night',
    ]);
  });

  it('shows the points needed: ratio × price, the cheapest option when it has options', () => {
    rewards({ value: -1 });
    expect(card('Insulated Tumbler')).toHaveAccessibleDescription(/450 points/);
    expect(card('Lighthouse Sunset Cruise for Two')).toHaveAccessibleDescription(/1,000 points/);
    // Weeknight 110, Weekend 140.
    expect(card('Lakeshore Getaway Night')).toHaveAccessibleDescription(/1,100 points/);
  });

  it('shows how each reward is delivered, and Sold out only when every option is at 0', () => {
    rewards({ value: -1 });
    const towel = card('Lakeshore Beach Towel');
    expect(within(towel).getByText('Sold out')).toBeInTheDocument();
    expect(within(towel).getByText('Shipped')).toBeInTheDocument();
    expect(within(towel).queryByText('Pickup')).not.toBeInTheDocument();
    const cruise = card('Lighthouse Sunset Cruise for Two');
    expect(within(cruise).getByText('Pickup')).toBeInTheDocument();
    expect(within(cruise).queryByText('Sold out')).not.toBeInTheDocument();
    // The weekend has 2 left of the item's 6.
    expect(within(card('Lakeshore Getaway Night')).queryByText('Sold out')).not.toBeInTheDocument();
  });

  it('does not call an item sold out while one of its options is left', () => {
    // Brew Trail Tee: S has 5, M none, L unlimited.
    rewards({ value: -1 }, demoRewardItems(101));
    expect(within(card('Brew Trail Tee')).queryByText('Sold out')).not.toBeInTheDocument();
  });

  it('leads to ClaimReward, carrying the deal whose points pay for it', () => {
    rewards({ value: -1 }, [...demoRewardItems(101), ...demoRewardItems(102)]);
    expect(card('Insulated Tumbler')).toHaveAttribute('href', '/rewards/product/1210?t=tok');
    expect(card('Cider & Coffee Sampler')).toHaveAttribute('href', '/rewards/package/1204?dealId=201&t=tok');
    expect(card('Insulated Tumbler').querySelector('img')).toHaveAttribute('src', '/pass/media/tumbler.svg');
  });

  it('renders nothing without reward items', () => {
    const { container } = rewards({ value: -1 }, []);
    expect(container).toBeEmptyDOMElement();
  });
});
