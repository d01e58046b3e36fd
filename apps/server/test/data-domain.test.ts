import { compareRewardsOrder } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import {
  headlinePointsDeal,
  hideSeconds,
  isInternalStaff,
  type LedgerEntry,
  repeatDate,
  summarisePoints,
  ticketTimer,
} from '../src/modules/data/domain';

const NOW = new Date('2026-01-10T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

let nextId = 1;
function entry(points: number, valueDate: Date, expiresAt: Date | null = null): LedgerEntry {
  return { id: nextId++, deal_id: 1, points, value_date: valueDate, expires_at: expiresAt };
}

describe('summarisePoints (FIFO expiry)', () => {
  it('sums the ledger and reports the earliest future expiry with its remaining points', () => {
    // Lakeshore Rewards for Ava: the 450 debit uses up the oldest 500 credit first.
    const summary = summarisePoints(
      [
        entry(500, days(-350), days(15)),
        entry(100, days(-300), days(65)),
        entry(100, days(-200), days(165)),
        entry(250, days(-90), days(275)),
        entry(400, days(-60), days(305)),
        entry(200, days(-30), days(335)),
        entry(-450, days(-12)),
        entry(100, days(-7), days(358)),
      ],
      NOW,
    );
    expect(summary.current_points).toBe(1200);
    expect(summary.next_points_expiration).toEqual({ date: days(15).toISOString(), points: 50 });
  });

  it('adds up every credit expiring at the same moment', () => {
    const summary = summarisePoints(
      [entry(200, days(-39), days(45)), entry(-100, days(-25)), entry(75, days(-20), days(45))],
      NOW,
    );
    expect(summary).toEqual({
      current_points: 175,
      next_points_expiration: { date: days(45).toISOString(), points: 175 },
    });
  });

  it('skips credits that are used up or already expired', () => {
    const summary = summarisePoints(
      [entry(40, days(-50), days(-5)), entry(25, days(-45), days(-5)), entry(-65, days(-5))],
      NOW,
    );
    expect(summary).toEqual({ current_points: 0, next_points_expiration: null });
    expect(summarisePoints([], NOW)).toEqual({ current_points: 0, next_points_expiration: null });
    expect(summarisePoints([entry(30, days(-8))], NOW).next_points_expiration).toBeNull();
  });

  it('does not depend on the order of the input', () => {
    const a = entry(100, days(-10), days(5));
    const b = entry(100, days(-5), days(20));
    const debit = entry(-150, days(-1));
    expect(summarisePoints([debit, b, a], NOW).next_points_expiration).toEqual({
      date: days(20).toISOString(),
      points: 50,
    });
  });
});

describe('rewards deal order and the headline deal', () => {
  const d201 = { id: 201, use_points: true, points_valid_until: days(45) };
  const d202 = { id: 202, use_points: true, points_valid_until: days(-5) };
  const d203 = { id: 203, use_points: true, points_valid_until: null };
  const d207 = { id: 207, use_points: false, points_valid_until: null };

  it('sorts latest date first and undated deals last', () => {
    expect([d203, d202, d201].sort(compareRewardsOrder).map((d) => d.id)).toEqual([201, 202, 203]);
  });

  it('uses the first gamified deal of a gamified offer', () => {
    expect(headlinePointsDeal({ use_points: false }, [d207, d203, d202, d201])?.id).toBe(201);
    expect(headlinePointsDeal({ use_points: false }, [d207])).toBeUndefined();
  });

  it('uses the points deal of a points offer', () => {
    expect(
      headlinePointsDeal({ use_points: true }, [{ id: 204, use_points: true, points_valid_until: days(400) }])
        ?.id,
    ).toBe(204);
  });
});

describe('ticketTimer (seconds)', () => {
  const settings = (
    afterRedemption: { amount: number; type: string } | null,
    afterExpiration = null as { amount: number; type: string } | null,
  ) => ({
    hide_ticket: { after_redemption: afterRedemption, after_expiration: afterExpiration },
  });
  const base = { productType: 'ticket', expireDate: null, endDate: null, isPreview: false, now: NOW };

  it('counts down the hide period from redemption', () => {
    expect(
      ticketTimer({
        ...base,
        ticketSettings: settings({ amount: 15, type: 'minutes' }),
        redeemed: minutes(-5),
      }),
    ).toEqual({
      timer: 600,
      initialTimer: 900,
    });
  });

  it('gives -1 once the period is over', () => {
    expect(
      ticketTimer({
        ...base,
        ticketSettings: settings({ amount: 2, type: 'hours' }),
        redeemed: minutes(-180),
      }).timer,
    ).toBe(-1);
  });

  it('counts from the expiry date with the after-expiration rule once expired', () => {
    const timer = ticketTimer({
      ...base,
      ticketSettings: settings({ amount: 1, type: 'days' }, { amount: 30, type: 'minutes' }),
      redeemed: days(-2),
      expireDate: minutes(-20),
    });
    expect(timer).toEqual({ timer: 600, initialTimer: 1800 });
  });

  it('falls back to end_date for expiry and to 10 minutes without an after-expiration rule', () => {
    const timer = ticketTimer({
      ...base,
      ticketSettings: settings({ amount: 1, type: 'days' }),
      redeemed: days(-2),
      endDate: minutes(-4),
    });
    expect(timer).toEqual({ timer: 360, initialTimer: 600 });
  });

  it('gives 0 for a check-in and nothing without redemption or settings', () => {
    expect(
      ticketTimer({ ...base, productType: 'check-in', ticketSettings: null, redeemed: days(-12) }),
    ).toEqual({
      timer: 0,
      initialTimer: 0,
    });
    expect(
      ticketTimer({ ...base, ticketSettings: settings({ amount: 15, type: 'minutes' }), redeemed: null })
        .timer,
    ).toBeNull();
    expect(ticketTimer({ ...base, ticketSettings: null, redeemed: minutes(-1) }).timer).toBeNull();
  });

  it('forces 0.25 minutes after redemption in preview mode', () => {
    const timer = ticketTimer({
      ...base,
      isPreview: true,
      ticketSettings: settings({ amount: 15, type: 'minutes' }),
      redeemed: new Date(NOW.getTime() - 5000),
    });
    expect(timer).toEqual({ timer: 10, initialTimer: 15 });
  });

  it('treats immediate, unknown units and a missing rule as 10 minutes', () => {
    expect(hideSeconds({ amount: 0, type: 'immediate' })).toBe(600);
    expect(hideSeconds({ amount: 3, type: 'fortnights' })).toBe(600);
    expect(hideSeconds(null)).toBe(600);
    expect(hideSeconds({ amount: 2, type: 'hours' })).toBe(7200);
    expect(hideSeconds({ amount: 1, type: 'days' })).toBe(86_400);
  });
});

describe('repeatDate', () => {
  const daily = { repeat: true, repeat_delay: 1, repeat_delay_type: 'days' };
  it('is the duplicate date of a repeating, redeemed product', () => {
    expect(repeatDate(daily, { redeemed: minutes(-180), duplicate_date: minutes(21 * 60) })).toEqual(
      minutes(21 * 60),
    );
  });
  it('is computed from the delay when the duplicate date is missing', () => {
    expect(repeatDate(daily, { redeemed: days(-1), duplicate_date: null })).toEqual(NOW);
  });
  it('is null otherwise', () => {
    expect(repeatDate({ ...daily, repeat: false }, { redeemed: NOW, duplicate_date: null })).toBeNull();
    expect(repeatDate(daily, { redeemed: null, duplicate_date: null })).toBeNull();
  });
});

describe('isInternalStaff', () => {
  it('matches the provider domain exactly, ignoring case', () => {
    expect(isInternalStaff('sam@trailpass.example', 'trailpass.example')).toBe(true);
    expect(isInternalStaff('Sam@TrailPass.Example', 'trailpass.example')).toBe(true);
    expect(isInternalStaff('ava@example.com', 'trailpass.example')).toBe(false);
    expect(isInternalStaff('eve@evil-trailpass.example', 'trailpass.example')).toBe(false);
    expect(isInternalStaff('sam@trailpass.example', null)).toBe(false);
  });
});
