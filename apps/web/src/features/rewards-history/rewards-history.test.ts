import type { PointsHistoryEntry } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeData, makeDeal, makeOffer } from '../../test/fixtures';
import {
  capitalise,
  expiryInfo,
  historySources,
  mergeHistories,
  pendingPickupOrderId,
  signedPoints,
} from './rewards-history';

const entry = (
  overrides: Partial<PointsHistoryEntry> & Pick<PointsHistoryEntry, 'id'>,
): PointsHistoryEntry => ({
  deal_id: 201,
  reason_text: 'bonus',
  points: 10,
  balance: 10,
  value_date: '2026-03-01T12:00:00.000Z',
  order_id: null,
  redeemed: null,
  ...overrides,
});

describe('rewards history rules (spec 2.10, 3, 7)', () => {
  it('capitalises the first letter of the reason only', () => {
    expect(capitalise('checked in at Anchor & Oar')).toBe('Checked in at Anchor & Oar');
    expect(capitalise('Already fine')).toBe('Already fine');
    expect(capitalise('')).toBe('');
  });

  it('signs positive points with +', () => {
    expect(signedPoints(75)).toBe('+75');
    expect(signedPoints(-1200, 'en-US')).toBe('-1,200');
    expect(signedPoints(0)).toBe('0');
  });

  it('links only a picked-up item not yet completed', () => {
    const pending = {
      order_id: 9011,
      redeemed: { id: 9412, completed: null, delivery_method: 'picked_up' as const },
    };
    expect(pendingPickupOrderId(pending)).toBe(9011);
    expect(
      pendingPickupOrderId({
        ...pending,
        redeemed: { ...pending.redeemed, completed: '2026-03-02T12:00:00Z' },
      }),
    ).toBeNull();
    expect(
      pendingPickupOrderId({ ...pending, redeemed: { ...pending.redeemed, delivery_method: 'shipped' } }),
    ).toBeNull();
    expect(pendingPickupOrderId({ order_id: null, redeemed: pending.redeemed })).toBeNull();
    expect(pendingPickupOrderId({ order_id: 9011, redeemed: null })).toBeNull();
  });

  it('reads one history per gamified deal, or the points offer’s once', () => {
    const gamified = makeData({
      offer: makeOffer({ use_points: false }),
      deals: [
        makeDeal({ id: 203, name: 'C', points_valid_until: null }),
        makeDeal({ id: 201, name: 'A', points_valid_until: '2030-01-01T00:00:00Z' }),
        makeDeal({ id: 207, name: 'Not points', use_points: false }),
      ],
    });
    expect(historySources(gamified)).toEqual([
      { dealId: 201, dealName: 'A' },
      { dealId: 203, dealName: 'C' },
    ]);
    expect(expiryInfo(gamified).kind).toBe('deals');
    const points = makeData({
      offer: makeOffer({ use_points: true }),
      deals: [makeDeal({ id: 204, name: 'Club' })],
    });
    expect(historySources(points)).toEqual([{ dealId: null, dealName: 'Club' }]);
    expect(expiryInfo(points).kind).toBe('points');
    expect(expiryInfo(makeData({ offer: makeOffer({ use_points: false }), deals: [] })).kind).toBe('none');
  });

  it('merges the histories newest first, naming each entry’s deal', () => {
    const merged = mergeHistories(
      [{ id: 201, name: 'Brew Trail Passport' }],
      [
        {
          source: { dealId: 201, dealName: 'Brew Trail Passport' },
          history: {
            data: [entry({ id: 1, value_date: '2026-01-01T12:00:00Z' })],
            deal_id: 201,
            page: 1,
            display: 1,
            total: 1,
          },
        },
        {
          source: { dealId: 203, dealName: 'Coffee Crawl' },
          history: {
            data: [entry({ id: 2, deal_id: 203, value_date: '2026-02-01T12:00:00Z' })],
            deal_id: 203,
            page: 1,
            display: 1,
            total: 1,
          },
        },
        { source: { dealId: 202, dealName: 'Harbor Hops' }, history: undefined },
      ],
    );
    expect(merged.map((item) => [item.id, item.dealName])).toEqual([
      [2, 'Coffee Crawl'],
      [1, 'Brew Trail Passport'],
    ]);
  });
});
