import { describe, expect, it } from 'vitest';
import { orderLine } from './orderLine';

describe('orderLine', () => {
  it('names the order, its status and day, and each item with its points and delivery', () => {
    expect(
      orderLine({
        id: 9003,
        status: 'completed',
        createdAt: '2026-10-19T12:00:00Z',
        items: [
          { id: 1, name: 'Brew Trail Passport', points: 0, deliveryMethod: null },
          { id: 2, name: 'Pint Glass Set', points: 1200, deliveryMethod: 'shipped' },
        ],
      }),
    ).toBe(
      'Order 9003 (completed, Oct 19, 2026): Brew Trail Passport; Pint Glass Set, 1,200 points, shipped',
    );
  });

  it('leaves out what the order does not have', () => {
    expect(orderLine({ id: 5, status: 'draft', createdAt: 'not a date', items: [] })).toBe('Order 5 (draft)');
  });
});
