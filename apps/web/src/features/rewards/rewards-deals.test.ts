import { describe, expect, it } from 'vitest';
import { makeDeal, makeOffer } from '../../test/fixtures';
import {
  pointsNote,
  pointsValidUntil,
  rewardsDeals,
  selectedRewardsDeal,
  showsDealSelector,
} from './rewards-deals';

const LATER = '2030-06-15T12:00:00.000Z';
const SOONER = '2029-01-10T12:00:00.000Z';
const PAST = '2020-03-01T12:00:00.000Z';

/** Ava's Brew Trail: three gamified deals and one that does not use points. */
const brewTrail = {
  offer: makeOffer({ id: 101, use_points: false }),
  deals: [
    makeDeal({ id: 203, points_valid_until: null }),
    makeDeal({ id: 202, points_valid_until: PAST }),
    makeDeal({ id: 207, use_points: false, points_valid_until: LATER }),
    makeDeal({ id: 201, points_valid_until: SOONER }),
    makeDeal({ id: 208, points_valid_until: null }),
  ],
};

describe('rewards deals', () => {
  it('keeps the gamified deals, the latest points_valid_until first and those without a date after', () => {
    expect(rewardsDeals(brewTrail).map((deal) => deal.id)).toEqual([201, 202, 203, 208]);
  });

  it('shows the selector only when the offer does not use points and has more than one gamified deal', () => {
    expect(showsDealSelector(brewTrail)).toBe(true);
    expect(showsDealSelector({ ...brewTrail, deals: [makeDeal({ id: 205 })] })).toBe(false);
    // A points offer's deals use points too, but none of them is gamified.
    expect(showsDealSelector({ ...brewTrail, offer: makeOffer({ use_points: true }) })).toBe(false);
  });

  it('selects the URL dealId when it is a rewards deal, else the first', () => {
    const deals = rewardsDeals(brewTrail);
    expect(selectedRewardsDeal(deals, '202')?.id).toBe(202);
    expect(selectedRewardsDeal(deals, '207')?.id).toBe(201);
    expect(selectedRewardsDeal(deals, 'x')?.id).toBe(201);
    expect(selectedRewardsDeal(deals, null)?.id).toBe(201);
    expect(selectedRewardsDeal([], null)).toBeNull();
  });

  it("dates the note by the selected deal, or by a points offer's own date", () => {
    const [first] = rewardsDeals(brewTrail);
    expect(pointsValidUntil(brewTrail, first ?? null)).toBe(SOONER);
    const pointsOffer = {
      offer: makeOffer({ id: 102, use_points: true, points_valid_until: LATER }),
      deals: [makeDeal({ id: 204, points_valid_until: SOONER })],
    };
    expect(pointsValidUntil(pointsOffer, null)).toBe(LATER);
    expect(pointsValidUntil({ ...pointsOffer, offer: makeOffer({ use_points: true }) }, null)).toBe(SOONER);
  });

  it('says until a future date, expired on a past one, and nothing without a date', () => {
    const now = Date.parse('2025-01-01T00:00:00.000Z');
    expect(pointsNote(LATER, now)).toEqual({ kind: 'valid', date: LATER });
    expect(pointsNote(PAST, now)).toEqual({ kind: 'expired', date: PAST });
    expect(pointsNote(null, now)).toBeNull();
    expect(pointsNote('not a date', now)).toBeNull();
  });
});
