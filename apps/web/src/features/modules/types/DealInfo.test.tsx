import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoDeal, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DealInfo, { redemptionLimitText } from './DealInfo';

const module = makeModule({ id: 3019, type: 'DealInfo', data: { label: 'About the Passport' } });

describe('DealInfo', () => {
  it('shows deal 201: picture, name, descriptions, points date and redemption limit', () => {
    const deal = demoDeal(201, { points_valid_until: '2026-03-02T15:20:00Z' });
    const { container } = renderWithModuleContext(<DealInfo module={module} />, {
      page: 'deal',
      dealId: 201,
      assignment: makeAssignment([module], { deals: [deal] }, 'deal', 201),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Brew Trail Passport' })).toBeInTheDocument();
    const hero = container.querySelector('img');
    expect(hero).toHaveAttribute('src', '/pass/media/brew-trail-passport.svg');
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(screen.getByText('Check in, earn points, claim trail gear.')).toBeInTheDocument();
    expect(container).toHaveTextContent('Trade points for trail gear on the Rewards tab.');
    expect(
      screen.getByRole('heading', { level: 3, name: 'Points valid until' }).nextSibling,
    ).toHaveTextContent('Mar 2, 2026');
    expect(screen.getByRole('heading', { level: 3, name: 'Redemption limit' }).nextSibling).toHaveTextContent(
      'Up to 6 of its 8 products',
    );
  });

  it('leaves out the points date and limit when the deal has none', () => {
    const deal = demoDeal(202, { points_valid_until: null, max_product_redemptions: null });
    renderWithModuleContext(<DealInfo module={module} />, {
      page: 'deal',
      dealId: 202,
      assignment: makeAssignment([module], { deals: [deal] }, 'deal', 202),
    });
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('words the limit', () => {
    expect(redemptionLimitText(1, 1)).toBe('Up to 1 product');
    expect(redemptionLimitText(4, 3)).toBe('Up to 4 products');
    expect(redemptionLimitText(6, 8)).toBe('Up to 6 of its 8 products');
  });

  it('renders nothing without the page deal', () => {
    const { container } = renderWithModuleContext(<DealInfo module={module} />, {
      page: 'deal',
      dealId: 999,
    });
    expect(container).toBeEmptyDOMElement();
  });
});
