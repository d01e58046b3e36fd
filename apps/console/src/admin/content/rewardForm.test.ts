import { type CatalogueReward, MAX_POINTS_PRICE, MAX_STOCK } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import {
  MAX_LEFT,
  MAX_POINTS,
  nearestPrices,
  parsePointsPrice,
  parseStockLeft,
  rewardFieldErrors,
  rewardValues,
  stockRows,
  toRewardUpdate,
} from './rewardForm';

const growler: CatalogueReward = {
  id: 1202,
  name: 'Growler Fill at Anchor & Oar',
  type: 'product',
  dealName: 'Brew Trail Passport',
  pointsPrice: 80,
  options: [],
  stock: [{ key: '0', option: null, left: 12, held: 1 }],
  shipped: false,
  pickedUp: true,
};

const tee: CatalogueReward = {
  id: 1201,
  name: 'Brew Trail Tee',
  type: 'product',
  dealName: 'Brew Trail Passport',
  pointsPrice: 0,
  options: [
    { id: 1301, name: 'S', pointsPrice: 120 },
    { id: 1302, name: 'M', pointsPrice: 120 },
    { id: 1303, name: 'L', pointsPrice: 140 },
  ],
  stock: [
    { key: '0', option: null, left: 10, held: 0 },
    { key: '1302', option: 'M', left: 0, held: 0 },
    { key: '1303', option: 'L', left: null, held: 0 },
  ],
  shipped: true,
  pickedUp: false,
};

describe('the contract’s limits', () => {
  it('are restated exactly', () => {
    expect(MAX_POINTS).toBe(MAX_POINTS_PRICE);
    expect(MAX_LEFT).toBe(MAX_STOCK);
  });
});

describe('parsePointsPrice', () => {
  it('takes whole numbers, with thousands separators', () => {
    expect(parsePointsPrice(' 90 ', 5)).toBe(90);
    expect(parsePointsPrice('1,000', 10)).toBe(1000);
    expect(parsePointsPrice('0', 5)).toBe(0);
  });

  it('says what is wrong', () => {
    expect(parsePointsPrice('', 5)).toBe('Enter the points price.');
    expect(parsePointsPrice('9.5', 5)).toBe('Enter a whole number of points.');
    expect(parsePointsPrice('-5', 5)).toBe('A price cannot be below 0 points.');
    expect(parsePointsPrice('10000001', 5)).toBe('A price is at most 10,000,000 points.');
  });

  it('refuses a price that is no retail price in whole cents, naming the nearest', () => {
    // 1,000 points per unit: a cent is 10 points.
    expect(nearestPrices(95, 1000)).toEqual([90, 100]);
    expect(nearestPrices(90, 1000)).toBeNull();
    expect(parsePointsPrice('95', 1000)).toBe(
      'At 1000 points per unit of price, 95 points is not a price in whole cents: the nearest are 90 and 100 points.',
    );
    // At 5 or 1.5 points per unit every whole number of points is some whole number of cents.
    expect(nearestPrices(91, 5)).toBeNull();
    expect(nearestPrices(7, 1.5)).toBeNull();
  });
});

describe('parseStockLeft', () => {
  it('reads a count, or null for an empty field', () => {
    expect(parseStockLeft('12')).toBe(12);
    expect(parseStockLeft(' ')).toBeNull();
    expect(parseStockLeft('1,000,000')).toBe(1_000_000);
  });

  it('says what is wrong', () => {
    expect(parseStockLeft('-1')).toEqual({ message: 'Stock cannot be below 0.' });
    expect(parseStockLeft('lots')).toEqual({ message: 'Enter a whole number, or leave it empty.' });
    expect(parseStockLeft('1000001')).toEqual({ message: 'Stock is at most 1,000,000.' });
  });
});

describe('stockRows', () => {
  it('gives a reward without options its one count', () => {
    expect(stockRows(growler)).toEqual([{ key: '0', label: 'Left', held: 1, empty: 'no-limit' }]);
    expect(stockRows({ ...growler, stock: null })).toEqual([
      { key: '0', label: 'Left', held: 0, empty: 'no-limit' },
    ]);
  });

  it('gives each option a row, after All options when the stock has it', () => {
    expect(stockRows(tee)).toEqual([
      { key: '0', label: 'All options', held: 0, empty: 'no-limit' },
      { key: '1301', label: 'S', held: 0, empty: 'shares-all' },
      { key: '1302', label: 'M', held: 0, empty: 'shares-all' },
      // No limit of its own beside All options: an empty field keeps that.
      { key: '1303', label: 'L', held: 0, empty: 'no-limit' },
    ]);
    expect(stockRows({ ...tee, stock: null }).map((row) => [row.key, row.empty])).toEqual([
      ['1301', 'no-limit'],
      ['1302', 'no-limit'],
      ['1303', 'no-limit'],
    ]);
  });
});

describe('toRewardUpdate', () => {
  it('sends nothing when nothing changed', () => {
    expect(toRewardUpdate(growler, rewardValues(growler), 5)).toEqual({ unchanged: true });
    expect(toRewardUpdate(tee, rewardValues(tee), 5)).toEqual({ unchanged: true });
    const unlimited = { ...growler, stock: null };
    expect(toRewardUpdate(unlimited, rewardValues(unlimited), 5)).toEqual({ unchanged: true });
  });

  it('sends only the price when only the price changed', () => {
    expect(toRewardUpdate(growler, { ...rewardValues(growler), pointsPrice: '90' }, 5)).toEqual({
      request: { pointsPrice: 90 },
    });
  });

  it('sends only the options whose price changed', () => {
    const values = rewardValues(tee);
    values.options['1303'] = '150';
    expect(toRewardUpdate(tee, values, 5)).toEqual({
      request: { options: [{ id: 1303, pointsPrice: 150 }] },
    });
  });

  it('sends the whole stock when any of it changed, an empty field as no limit on its key', () => {
    expect(toRewardUpdate(growler, { ...rewardValues(growler), stock: { '0': '20' } }, 5)).toEqual({
      request: { stock: [{ key: '0', left: 20 }] },
    });
    expect(toRewardUpdate(growler, { ...rewardValues(growler), stock: { '0': '' } }, 5)).toEqual({
      request: { stock: [{ key: '0', left: null }] },
    });
  });

  it('keeps options without a count of their own on All options', () => {
    const values = rewardValues(tee);
    values.stock['0'] = '8';
    values.stock['1301'] = '2';
    expect(toRewardUpdate(tee, values, 5)).toEqual({
      request: {
        stock: [
          { key: '0', left: 8 },
          { key: '1301', left: 2 },
          { key: '1302', left: 0 },
          { key: '1303', left: null },
        ],
      },
    });
  });

  it('turns the limit off as stock null, and on from no limit with a line per option', () => {
    expect(toRewardUpdate(growler, { ...rewardValues(growler), limitStock: false }, 5)).toEqual({
      request: { stock: null },
    });
    const unlimited = { ...tee, stock: null };
    const values = { ...rewardValues(unlimited), limitStock: true, stock: { '1302': '5' } };
    expect(toRewardUpdate(unlimited, values, 5)).toEqual({
      request: {
        stock: [
          { key: '1301', left: null },
          { key: '1302', left: 5 },
          { key: '1303', left: null },
        ],
      },
    });
  });

  it('names every field that keeps the form from being sent', () => {
    const values = rewardValues(tee);
    values.options['1301'] = 'ten';
    values.stock['1302'] = '-2';
    expect(toRewardUpdate(tee, values, 5)).toEqual({
      errors: { 'option:1301': 'Enter a whole number of points.', 'stock:1302': 'Stock cannot be below 0.' },
    });
    // A stock field with a slip does not matter while the limit is off.
    expect(
      toRewardUpdate(growler, { ...rewardValues(growler), limitStock: false, stock: { '0': 'x' } }, 5),
    ).toEqual({
      request: { stock: null },
    });
  });
});

describe('rewardFieldErrors', () => {
  it('puts the server’s messages on the lines they name', () => {
    const request = {
      options: [
        { id: 1301, pointsPrice: 95 },
        { id: 1303, pointsPrice: 150 },
      ],
      stock: [
        { key: '0', left: 3 },
        { key: '1302', left: 2 },
      ],
    };
    expect(
      rewardFieldErrors(
        {
          'options.1.pointsPrice': 'Too much.',
          'stock.1.left': 'Stock is at most 1,000,000.',
          options: 'Not in whole cents.',
          stock: 'Names "9" twice.',
          pointsPrice: 'Priced per option.',
        },
        request,
      ),
    ).toEqual({
      'option:1303': 'Too much.',
      'stock:1302': 'Stock is at most 1,000,000.',
      options: 'Not in whole cents.',
      stock: 'Names "9" twice.',
      pointsPrice: 'Priced per option.',
    });
  });

  it('puts a group’s message on its one line when one was sent', () => {
    expect(
      rewardFieldErrors({ options: 'Not in whole cents.' }, { options: [{ id: 1301, pointsPrice: 95 }] }),
    ).toEqual({ 'option:1301': 'Not in whole cents.' });
  });
});
