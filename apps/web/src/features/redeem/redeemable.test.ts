import type { DataResponse, OrderDeal, OrderProduct } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeData } from '../../test/fixtures';
import { makeOrderProduct } from '../modules/components/fixtures.test-helpers';
import {
  availableAgainAt,
  blockText,
  chooseOrderProduct,
  dealRemainingOf,
  type RedeemChoice,
  redeemBlockOf,
} from './redeemable';

const NOW = Date.parse('2026-03-02T15:20:00Z');

function orderDeal(id: number, remaining: number | null): OrderDeal {
  return {
    id,
    deal_id: 201,
    order_id: 7001,
    redemptions_remaining: remaining,
    redemptions_made: 5,
    added_max_redemptions: 1,
    type: 'deal',
  };
}

function first(data: DataResponse): OrderProduct {
  const orderProduct = data.order_products[0];
  if (!orderProduct) throw new Error('no order product');
  return orderProduct;
}

const used = { redeemed: '2026-03-01T12:00:00Z', redemptions_remaining_use: 0 };

describe('dealRemainingOf', () => {
  const data = makeData({ order_deals: [orderDeal(9001, 2), orderDeal(9002, null)] });

  it('is the order deal’s remaining, null when unlimited', () => {
    expect(dealRemainingOf(data, { order_deal_id: 9001 })).toBe(2);
    expect(dealRemainingOf(data, { order_deal_id: 9002 })).toBeNull();
  });

  it('is undefined for a standalone order product or an order deal /data does not list', () => {
    expect(dealRemainingOf(data, { order_deal_id: null })).toBeUndefined();
    expect(dealRemainingOf(data, { order_deal_id: 9999 })).toBeUndefined();
  });
});

describe('chooseOrderProduct', () => {
  it('takes the first redeemable order product of the product', () => {
    const data = makeData({
      order_deals: [orderDeal(9001, 2)],
      order_products: [
        makeOrderProduct({ id: 1, product_id: 507, ...used }),
        makeOrderProduct({ id: 2, product_id: 506 }),
        makeOrderProduct({ id: 3, product_id: 507 }),
        makeOrderProduct({ id: 4, product_id: 507 }),
      ],
    });
    expect(chooseOrderProduct(data, 507, NOW)).toEqual({ orderProduct: data.order_products[2], block: null });
  });

  it('is null when the holder has none', () => {
    expect(chooseOrderProduct(makeData(), 507, NOW)).toBeNull();
  });

  it('otherwise says why, the most hopeful reason first: the soonest to come back', () => {
    const data = makeData({
      order_deals: [orderDeal(9001, 2)],
      order_products: [
        makeOrderProduct({ id: 1, product_id: 505, ...used }),
        makeOrderProduct({ id: 2, product_id: 505, ...used, duplicate_date: '2026-03-04T12:00:00Z' }),
        makeOrderProduct({ id: 3, product_id: 505, ...used, duplicate_date: '2026-03-03T12:00:00Z' }),
        makeOrderProduct({ id: 4, product_id: 505, expire_date: '2026-03-01T00:00:00Z' }),
      ],
    });
    expect(chooseOrderProduct(data, 505, NOW)).toMatchObject({ orderProduct: { id: 3 }, block: 'not-yet' });
  });

  it('reports a deal without redemptions left', () => {
    const data = makeData({
      order_deals: [orderDeal(9001, 0)],
      order_products: [makeOrderProduct({ id: 1, product_id: 507 })],
    });
    expect(chooseOrderProduct(data, 507, NOW)?.block).toBe('deal-limit');
  });
});

describe('availableAgainAt and blockText', () => {
  const timezone = 'America/Chicago';

  function choice(
    data: ReturnType<typeof makeData>,
  ): RedeemChoice & { block: NonNullable<RedeemChoice['block']> } {
    const orderProduct = first(data);
    const block = redeemBlockOf(data, orderProduct, NOW);
    if (block === null) throw new Error('not blocked');
    return { orderProduct, block };
  }

  it('says when a repeating product is available again, in partner time', () => {
    const data = makeData({
      order_deals: [orderDeal(9001, 2)],
      order_products: [
        makeOrderProduct({ id: 1, product_id: 505, ...used, duplicate_date: '2026-03-03T12:20:00Z' }),
      ],
    });
    expect(availableAgainAt(data, first(data))).toBe('2026-03-03T12:20:00Z');
    expect(blockText(data, choice(data), timezone)).toBe('Available again Mar 3, 2026,  6:20 AM');
  });

  it('does not promise a date the deal or the product will not reach', () => {
    const noneLeft = makeData({
      order_deals: [orderDeal(9001, 0)],
      order_products: [
        makeOrderProduct({ id: 1, product_id: 505, ...used, duplicate_date: '2026-03-03T12:20:00Z' }),
      ],
    });
    expect(availableAgainAt(noneLeft, first(noneLeft))).toBeNull();
    expect(blockText(noneLeft, choice(noneLeft), timezone)).toBe(
      'You have used all the redemptions of this pass.',
    );
    const expiring = makeData({
      order_deals: [orderDeal(9001, 2)],
      order_products: [
        makeOrderProduct({
          id: 1,
          product_id: 505,
          ...used,
          duplicate_date: '2026-03-03T12:20:00Z',
          end_date: '2026-03-03T00:00:00Z',
        }),
      ],
    });
    expect(blockText(expiring, choice(expiring), timezone)).toBe(
      'This has expired and can no longer be redeemed.',
    );
  });

  it('uses the contract’s messages for the other blocks', () => {
    const data = makeData({ order_products: [makeOrderProduct({ id: 1, product_id: 504, ...used })] });
    expect(blockText(data, choice(data), timezone)).toBe('This has already been redeemed.');
  });
});
