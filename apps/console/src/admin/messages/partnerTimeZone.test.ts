import type { ConsoleSession } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { partnerTimeZone } from './partnerTimeZone';

const session = {
  staff: { id: 's', email: 'a@b.example', name: 'A', twoFactorEnabled: false, isProviderAdmin: false },
  memberships: [
    { partnerId: 1, partnerName: 'Visit Lakeshore', timezone: 'America/Chicago', role: 'owner', offers: [] },
    { partnerId: 2, partnerName: 'Nowhere', timezone: 'Not/AZone', role: 'owner', offers: [] },
  ],
  csrfToken: 'x',
} satisfies ConsoleSession;

describe('the zone a scheduled message is entered in', () => {
  it("is the open partner's, from the session", () => {
    expect(partnerTimeZone(session, 1)).toEqual({ timeZone: 'America/Chicago', partners: true });
  });

  it("is the browser's, said as such, for a zone it cannot name or no partner", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(partnerTimeZone(session, 2)).toEqual({ timeZone: browser, partners: false });
    expect(partnerTimeZone(session, undefined)).toEqual({ timeZone: browser, partners: false });
    expect(partnerTimeZone(null, 1)).toEqual({ timeZone: browser, partners: false });
  });
});
