import { describe, expect, it } from 'vitest';
import { demoRewardItems } from './fixtures.test-helpers';
import { isSoldOut, pointsNeeded, startingPrice } from './reward-items';

const item = (id: number) => {
  const found = [...demoRewardItems(101), ...demoRewardItems(102)].find((reward) => reward.id === id);
  if (!found) throw new Error(`no reward ${id}`);
  return found;
};

describe('reward items', () => {
  it('quotes the cheapest option, else the retail price', () => {
    expect(startingPrice(item(1212))).toBe(110);
    expect(startingPrice(item(1210))).toBe(45);
    expect(startingPrice({ attributes: [], retail_price: null })).toBeNull();
  });

  it('needs points_ratio × price, and nothing without a ratio', () => {
    expect(pointsNeeded(item(1210), { points_ratio: 10 })).toBe(450);
    expect(pointsNeeded(item(1201), { points_ratio: 5 })).toBe(120);
    expect(pointsNeeded(item(1210), { points_ratio: null })).toBeNull();
    expect(pointsNeeded(item(1210), null)).toBeNull();
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
});
