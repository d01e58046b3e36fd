import { describe, expect, it } from 'vitest';
import {
  canRedeem,
  type RedeemableOrderProduct,
  redeemBlock,
  showsRedemptionsSummary,
} from './redemption-rules';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const fresh: RedeemableOrderProduct = {
  redeemed: null,
  duplicate_date: null,
  redemptions_remaining_use: 1,
  expire_date: null,
  end_date: null,
};

describe('redeemBlock (spec 4 Redemption availability)', () => {
  it('allows an unredeemed order product whose deal has redemptions left, is unlimited, or is standalone', () => {
    expect(redeemBlock(fresh, 2, NOW)).toBeNull();
    expect(redeemBlock(fresh, null, NOW)).toBeNull();
    expect(redeemBlock(fresh, undefined, NOW)).toBeNull();
    expect(canRedeem(fresh, 1, NOW)).toBe(true);
  });

  it('refuses when the deal has no redemptions left', () => {
    expect(redeemBlock(fresh, 0, NOW)).toBe('deal-limit');
    expect(canRedeem(fresh, 0, NOW)).toBe(false);
  });

  it('refuses a used single-use product, and allows one with uses left', () => {
    const used = { ...fresh, redeemed: at(-60), redemptions_remaining_use: 0 };
    expect(redeemBlock(used, null, NOW)).toBe('used');
    expect(redeemBlock({ ...used, redemptions_remaining_use: null }, null, NOW)).toBe('used');
    expect(redeemBlock({ ...used, redemptions_remaining_use: 2 }, null, NOW)).toBeNull();
  });

  it('allows a repeating product again once its duplicate_date has come, not before', () => {
    const repeating = {
      ...fresh,
      redeemed: at(-180),
      redemptions_remaining_use: null,
      duplicate_date: at(60),
    };
    expect(redeemBlock(repeating, null, NOW)).toBe('not-yet');
    expect(redeemBlock({ ...repeating, duplicate_date: at(0) }, null, NOW)).toBeNull();
    expect(redeemBlock({ ...repeating, duplicate_date: at(-1) }, 0, NOW)).toBe('deal-limit');
  });

  it('refuses once the expire_date, else the end_date, has passed', () => {
    expect(redeemBlock({ ...fresh, expire_date: at(-1) }, null, NOW)).toBe('expired');
    expect(redeemBlock({ ...fresh, end_date: at(0) }, null, NOW)).toBe('expired');
    expect(redeemBlock({ ...fresh, end_date: at(-10), expire_date: at(10) }, null, NOW)).toBeNull();
    expect(redeemBlock({ ...fresh, expire_date: at(10) }, null, NOW)).toBeNull();
  });
});

describe('showsRedemptionsSummary (spec 4 Deal order redemptions summary)', () => {
  it('shows only when the deal has a max and more products than max plus added redemptions', () => {
    // Demo deal 201: max 6, one added, 8 products.
    const deal = { max_product_redemptions: 6, totalProductsCount: 8 };
    expect(showsRedemptionsSummary(deal, [{ added_max_redemptions: 1 }])).toBe(true);
    expect(showsRedemptionsSummary(deal, [{ added_max_redemptions: 2 }])).toBe(false);
    expect(showsRedemptionsSummary(deal, [{ added_max_redemptions: 1 }, { added_max_redemptions: 1 }])).toBe(
      false,
    );
    expect(showsRedemptionsSummary(deal, [])).toBe(true);
    expect(showsRedemptionsSummary({ ...deal, totalProductsCount: 6 }, [])).toBe(false);
    expect(showsRedemptionsSummary({ max_product_redemptions: null, totalProductsCount: 8 }, [])).toBe(false);
    expect(showsRedemptionsSummary(deal, [{ added_max_redemptions: null }])).toBe(true);
  });
});
