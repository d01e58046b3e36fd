import { describe, expect, it } from 'vitest';
import { demoRewardItems } from './fixtures.test-helpers';
import { formatPointsRange, isSoldOut, rewardQuote } from './reward-items';

const item = (id: number) => {
  const found = [...demoRewardItems(101), ...demoRewardItems(102)].find((reward) => reward.id === id);
  if (!found) throw new Error(`no reward ${id}`);
  return found;
};

describe('reward items', () => {
  it('needs points_ratio × price per option (the contract rule: a missing ratio counts as 1)', () => {
    expect(rewardQuote(item(1210), { points_ratio: 10 }).points).toEqual({ min: 450, max: 450 });
    // Weeknight 110, Weekend 140.
    expect(rewardQuote(item(1212), { points_ratio: 10 }).points).toEqual({ min: 1100, max: 1400 });
    expect(rewardQuote(item(1210), { points_ratio: null }).points).toEqual({ min: 45, max: 45 });
    expect(
      rewardQuote({ attributes: [], retail_price: null, ticketsAvailable: null }, { points_ratio: 5 }).points,
    ).toBeNull();
    expect(rewardQuote(item(1210), null).points).toBeNull();
  });

  it('is sold out only when every option is at 0', () => {
    expect(isSoldOut(item(1214))).toBe(true); // { 0: 0 }
    expect(isSoldOut(item(1201))).toBe(false); // M at 0, S and L left
    expect(isSoldOut(item(1203))).toBe(false); // no limit
    expect(isSoldOut(item(1204))).toBe(false); // { 0: null }: unlimited
    expect(
      isSoldOut({ attributes: item(1201).attributes, ticketsAvailable: { 1301: 0, 1302: 0, 1303: 0 } }),
    ).toBe(true);
    // An option without its own count has the item's.
    expect(
      isSoldOut({ attributes: item(1201).attributes, ticketsAvailable: { 0: 3, 1301: 0, 1302: 0 } }),
    ).toBe(false);
  });

  it('quotes the range of the options, the options sold out while others are left, and what the holder can afford', () => {
    // Brew Trail Tee at 5 points per dollar: S and M 120, L 140; M is at 0.
    expect(rewardQuote(item(1201), { points_ratio: 5 }, 205)).toEqual({
      points: { min: 120, max: 140 },
      soldOut: false,
      soldOutOptions: ['M'],
      affordable: true,
    });
    // Lakeshore Trail Hoodie: 300 and 320, unlimited, more than 205.
    expect(rewardQuote(item(1206), { points_ratio: 5 }, 205)).toMatchObject({
      points: { min: 300, max: 320 },
      affordable: false,
    });
    // Lakeshore Beach Towel: { 0: 0 }, so nothing to afford and no option names.
    expect(rewardQuote(item(1214), { points_ratio: 10 }, 1200)).toEqual({
      points: { min: 300, max: 300 },
      soldOut: true,
      soldOutOptions: [],
      affordable: false,
    });
    // Without a balance, affordability is unknown.
    expect(rewardQuote(item(1210), { points_ratio: 10 }).affordable).toBeNull();
  });

  it('counts only available options as affordable', () => {
    // The cheap M is sold out; S is gone too, and L (140) is more than 130.
    const tee = { ...item(1201), ticketsAvailable: { 1301: 0, 1302: 0, 1303: null } };
    expect(rewardQuote(tee, { points_ratio: 5 }, 130).affordable).toBe(false);
    expect(rewardQuote(tee, { points_ratio: 5 }, 140).affordable).toBe(true);
  });

  it('says From only when the options differ', () => {
    expect(formatPointsRange({ min: 1100, max: 1400 }, 'en-US')).toBe('From 1,100 points');
    expect(formatPointsRange({ min: 450, max: 450 }, 'en-US')).toBe('450 points');
    expect(formatPointsRange({ min: 1, max: 1 }, 'en-US')).toBe('1 point');
  });
});
