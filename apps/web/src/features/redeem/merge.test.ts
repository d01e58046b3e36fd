import type { OrderDeal } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeData } from '../../test/fixtures';
import { makeOrderProduct } from '../modules/components/fixtures.test-helpers';
import { mergeRedeemResult } from './merge';

function orderDeal(remaining: number, made: number): OrderDeal {
  return {
    id: 9001,
    deal_id: 201,
    order_id: 7001,
    redemptions_remaining: remaining,
    redemptions_made: made,
    added_max_redemptions: 1,
    type: 'deal',
  };
}

function ticket(orderProductId: number, timer: number | null) {
  return { id: orderProductId + 100, order_product_id: orderProductId, timer, initialTimer: timer };
}

describe('mergeRedeemResult', () => {
  const data = makeData({
    order_deals: [orderDeal(2, 5), { ...orderDeal(3, 0), id: 9002, deal_id: 203 }],
    order_products: [
      makeOrderProduct({ id: 1, product_id: 507 }),
      makeOrderProduct({ id: 2, product_id: 504, redeemed: '2026-03-02T15:15:00Z', ticket: ticket(2, 600) }),
      makeOrderProduct({ id: 3, product_id: 501, redeemed: '2026-03-02T15:00:00Z', ticket: ticket(3, 0) }),
      makeOrderProduct({ id: 4, product_id: 505, redeemed: '2026-03-02T12:00:00Z', ticket: ticket(4, 30) }),
    ],
  });
  const redeemed = makeOrderProduct({
    id: 1,
    product_id: 507,
    redeemed: '2026-03-02T15:20:00Z',
    redemptions_remaining_use: 1,
    ticket: ticket(1, 600),
  });

  it('replaces the redeemed order product and its order deal, keeping the rest', () => {
    const merged = mergeRedeemResult(data, { order_products: [redeemed], order_deals: [orderDeal(1, 6)] }, 0);
    expect(merged.order_products[0]).toBe(redeemed);
    expect(merged.order_products.slice(1)).toEqual(data.order_products.slice(1));
    expect(merged.order_deals).toEqual([orderDeal(1, 6), data.order_deals[1]]);
    expect(merged.partner_user).toBe(data.partner_user);
    // The cached answer is not changed in place.
    expect(data.order_products[0]?.redeemed).toBeNull();
  });

  it('ages the other tickets by the time since /data was loaded, hiding those run out', () => {
    const merged = mergeRedeemResult(data, { order_products: [redeemed], order_deals: [] }, 45.6);
    expect(merged.order_products.map((item) => item.ticket?.timer ?? null)).toEqual([600, 555, 0, -1]);
    expect(merged.order_deals).toEqual(data.order_deals);
  });
});
