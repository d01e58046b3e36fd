import type { AssignmentResponse, DataResponse, RewardsResponse } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { findKnownVenue } from './venue';

const catalogue = {
  deal_id: 201,
  rewardItems: [],
  venues: [{ id: 301, name: 'Anchor & Oar Brewing', address: '12 Harbor St' }],
} as RewardsResponse;

describe('findKnownVenue', () => {
  it('finds a pickup venue in a loaded rewards catalogue', () => {
    expect(findKnownVenue(301, undefined, [], [catalogue])).toEqual(catalogue.venues[0]);
  });

  it('falls back to /data’s venue and then to loaded assignments', () => {
    const data = { venue: { id: 302, name: 'Driftwood', address: '1 Pier Rd' } } as unknown as DataResponse;
    const assignment = {
      data: { venues: [{ id: 303, name: 'Lighthouse Point Beach', address: null }] },
    } as unknown as AssignmentResponse;
    expect(findKnownVenue(302, data, [assignment], [catalogue])?.name).toBe('Driftwood');
    expect(findKnownVenue(303, data, [assignment], [catalogue])?.name).toBe('Lighthouse Point Beach');
  });

  it('is null for no venue or one nothing loaded knows', () => {
    expect(findKnownVenue(null, undefined, [], [catalogue])).toBeNull();
    expect(findKnownVenue(999, undefined, [undefined], [undefined, catalogue])).toBeNull();
  });
});
