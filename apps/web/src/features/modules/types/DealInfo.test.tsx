import { screen } from '@testing-library/react';
import type { DataResponse, OrderDeal } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeData, makeSignedOut } from '../../../test/fixtures';
import { demoDeal, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DealInfo, { redemptionLimitText, redemptionsSummaryText } from './DealInfo';

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

  describe('redemptions summary (spec 4)', () => {
    function orderDeal(overrides: Partial<OrderDeal> = {}): OrderDeal {
      return {
        id: 9103,
        deal_id: 201,
        order_id: 7003,
        redemptions_remaining: 2,
        redemptions_made: 5,
        added_max_redemptions: 1,
        type: 'deal',
        ...overrides,
      };
    }

    function renderDeal(appData: DataResponse, dealId = 201) {
      return renderWithModuleContext(<DealInfo module={module} />, {
        page: 'deal',
        dealId,
        appData,
        assignment: makeAssignment([module], { deals: [demoDeal(dealId)] }, 'deal', dealId),
      });
    }

    function summary() {
      return screen.queryByRole('heading', { level: 3, name: 'Your redemptions' })?.nextSibling ?? null;
    }

    it('shows the holder’s redemptions of deal 201: 8 products, more than 6 + 1', () => {
      renderDeal(makeData({ order_deals: [orderDeal(), orderDeal({ id: 9105, deal_id: 203 })] }));
      expect(summary()).toHaveTextContent('5 of 7 redemptions used · 2 left');
    });

    it('is left out when the limit covers every product, without a limit, or without the deal', () => {
      const { unmount } = renderDeal(makeData({ order_deals: [orderDeal({ added_max_redemptions: 2 })] }));
      expect(summary()).toBeNull();
      unmount();
      const unlimited = renderDeal(
        makeData({ order_deals: [orderDeal({ deal_id: 202, redemptions_remaining: null })] }),
        202,
      );
      expect(summary()).toBeNull();
      unlimited.unmount();
      const other = renderDeal(makeData({ order_deals: [orderDeal({ deal_id: 203 })] }));
      expect(summary()).toBeNull();
      other.unmount();
      renderDeal(makeSignedOut());
      expect(summary()).toBeNull();
    });

    it('adds up several orders of the deal', () => {
      expect(
        redemptionsSummaryText(6, [
          orderDeal(),
          orderDeal({ id: 9106, redemptions_made: 1, redemptions_remaining: 5, added_max_redemptions: null }),
        ]),
      ).toBe('6 of 7 redemptions used · 7 left');
      // An order deal that does not say what is left: the difference.
      expect(redemptionsSummaryText(6, [orderDeal({ redemptions_remaining: null })])).toBe(
        '5 of 7 redemptions used · 2 left',
      );
    });
  });
});
