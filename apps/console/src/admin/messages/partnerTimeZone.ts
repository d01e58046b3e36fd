import type { ConsoleSession } from '@trailpass/contract/console';

export interface ZoneChoice {
  timeZone: string;
  /** False when the session does not say the partner's zone and the browser's stands in for it. */
  partners: boolean;
}

function isZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone a scheduled message's time is read in: the partner's, when the session's membership carries it
 * (`timezone`), else the browser's (a zone this browser cannot name, or no partner open), which the form then names as
 * such so that nobody takes it for the partner's.
 */
export function partnerTimeZone(session: ConsoleSession | null, partnerId: number | undefined): ZoneChoice {
  const membership = session?.memberships.find((m) => m.partnerId === partnerId);
  if (membership && isZone(membership.timezone)) return { timeZone: membership.timezone, partners: true };
  return { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, partners: false };
}
