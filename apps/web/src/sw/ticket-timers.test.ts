import { describe, expect, it } from 'vitest';
import { agedTimer, ageTicketTimers, HIDDEN_TIMER } from './ticket-timers';

describe('agedTimer', () => {
  it('counts a running countdown down by the time spent in the cache', () => {
    expect(agedTimer(600, 120)).toBe(480);
  });

  it('hides a ticket whose countdown ran out while the answer was cached', () => {
    expect(agedTimer(600, 600)).toBe(HIDDEN_TIMER);
    expect(agedTimer(600, 3600)).toBe(HIDDEN_TIMER);
  });

  it('leaves a check-in (0), a hidden ticket (-1) and a ticket without a hide rule (null) as they are', () => {
    expect(agedTimer(0, 3600)).toBe(0);
    expect(agedTimer(HIDDEN_TIMER, 3600)).toBe(HIDDEN_TIMER);
    expect(agedTimer(null, 3600)).toBeNull();
  });
});

describe('ageTicketTimers', () => {
  const ticket = (id: number, timer: number | null) => ({
    id,
    order_product_id: id,
    timer,
    initialTimer: 900,
  });
  const data = {
    offer: { id: 101, name: 'Lakeshore Brew Trail' },
    deals: [
      {
        id: 201,
        order_products: [
          { id: 9301, product_id: 504, ticket: ticket(1, 540) },
          { id: 9302, product_id: 501, ticket: ticket(2, 0) },
          { id: 9303, product_id: 508, ticket: ticket(3, 60) },
          { id: 9304, product_id: 506, ticket: null },
        ],
      },
    ],
  };

  it('ages every ticket wherever it sits, and nothing else', () => {
    const aged = ageTicketTimers(data, 90) as typeof data;
    const timers = aged.deals[0]?.order_products.map((product) => product.ticket?.timer ?? null);
    expect(timers).toEqual([450, 0, HIDDEN_TIMER, null]);
    expect(aged.deals[0]?.order_products[0]?.ticket?.initialTimer).toBe(900);
    expect(aged.offer).toEqual(data.offer);
  });

  it('does not change the answer it was given', () => {
    const before = structuredClone(data);
    ageTicketTimers(data, 90);
    expect(data).toEqual(before);
  });

  it('passes plain values and answers without tickets through', () => {
    expect(ageTicketTimers(null, 10)).toBeNull();
    expect(ageTicketTimers([1, 'a'], 10)).toEqual([1, 'a']);
    expect(ageTicketTimers({ current_points: 205 }, 10)).toEqual({ current_points: 205 });
  });
});
