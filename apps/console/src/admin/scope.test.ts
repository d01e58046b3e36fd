import type { ConsoleSession } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { canWrite, offerChoices } from '../auth/roles';
import { currentChoice } from './scope';

function session(isProviderAdmin: boolean): ConsoleSession {
  return {
    staff: { id: 's1', email: 'ann@example.com', name: 'Ann', twoFactorEnabled: false, isProviderAdmin },
    memberships: [
      {
        partnerId: 1,
        partnerName: 'Visit Lakeshore',
        timezone: 'America/Chicago',
        role: 'viewer',
        offers: [
          { id: 101, name: 'Lakeshore Brew Trail' },
          { id: 102, name: 'Lakeshore Rewards' },
        ],
      },
      {
        partnerId: 942,
        partnerName: 'Harbor Town',
        timezone: 'America/Halifax',
        role: 'manager',
        offers: [{ id: 103, name: 'Harbor Pass' }],
      },
    ],
    csrfToken: 'token',
  };
}

describe('the open offer', () => {
  it('is the stored one while the session still lists it, with the role of its partner', () => {
    expect(currentChoice(session(false), 103)).toMatchObject({
      offerId: 103,
      partnerId: 942,
      role: 'manager',
    });
  });

  it('falls back to the first offer when the stored one is gone or none was stored', () => {
    expect(currentChoice(session(false), 999)?.offerId).toBe(101);
    expect(currentChoice(session(false), null)?.offerId).toBe(101);
    expect(currentChoice(null, 101)).toBeNull();
  });

  it('is none for an account without offers', () => {
    expect(currentChoice({ ...session(false), memberships: [] }, 101)).toBeNull();
  });
});

describe('who may change things', () => {
  it('a viewer only reads; a manager, an owner and a provider admin write', () => {
    const [brew, , harbor] = offerChoices(session(false));
    expect(canWrite(brew?.role)).toBe(false);
    expect(canWrite(harbor?.role)).toBe(true);
    expect(canWrite('owner')).toBe(true);
    expect(canWrite(undefined)).toBe(false);
  });

  it('a provider admin writes on every partner, whatever a membership says', () => {
    expect(offerChoices(session(true)).map((choice) => choice.role)).toEqual([
      'provider_admin',
      'provider_admin',
      'provider_admin',
    ]);
  });
});
