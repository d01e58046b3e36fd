import { describe, expect, it } from 'vitest';
import { cashAmount, PAID_WITH_CASH, paymentOf, showsCash } from './cash-rules';

describe('cashAmount (the API’s money strings)', () => {
  it('reads "39.00" and its like as numbers', () => {
    expect(cashAmount('39.00')).toBe(39);
    expect(cashAmount('0.00')).toBe(0);
    expect(cashAmount('12.5')).toBe(12.5);
  });
  it('reads anything that does not parse as 0', () => {
    expect(cashAmount('n/a')).toBe(0);
    expect(cashAmount('')).toBe(0);
    expect(cashAmount('  ')).toBe(0);
    expect(cashAmount('1,039.00')).toBe(0);
  });
});

describe('showsCash (spec 9, decision 0033: cash shows when the order cost money)', () => {
  it.each([
    { price_paid: '39.00', shows: true }, // order 9003
    { price_paid: '0.01', shows: true },
    { price_paid: '0.00', shows: false }, // every points order of the demo
    { price_paid: '0', shows: false },
    { price_paid: '-5.00', shows: false },
    { price_paid: 'n/a', shows: false },
  ])('price_paid $price_paid: $shows', ({ price_paid, shows }) => {
    expect(showsCash({ price_paid })).toBe(shows);
  });
});

describe('paymentOf (spec 2.9 OrderHistory: points spent or Paid With Cash)', () => {
  it('is Paid With Cash alone for an order paid only in cash (order 9003)', () => {
    expect(paymentOf({ points_paid: 0, price_paid: '39.00' })).toEqual({ points: null, paidWithCash: true });
    expect(PAID_WITH_CASH).toBe('Paid With Cash');
  });
  it('is the points spent for an order paid in points', () => {
    expect(paymentOf({ points_paid: 80, price_paid: '0.00' })).toEqual({ points: 80, paidWithCash: false });
  });
  it('is 0 points for an order that cost neither (a free deal)', () => {
    expect(paymentOf({ points_paid: 0, price_paid: '0.00' })).toEqual({ points: 0, paidWithCash: false });
  });
  it('is both for an order paid in points and cash, as the totals show both', () => {
    expect(paymentOf({ points_paid: 50, price_paid: '10.00' })).toEqual({ points: 50, paidWithCash: true });
  });
});
