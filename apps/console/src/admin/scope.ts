import type { ConsoleSession } from '@trailpass/contract/console';
import { ApiError } from '../api/errors';
import { getSession } from '../api/session';
import { type OfferChoice, offerChoices } from '../auth/roles';

/**
 * The offer a staff member works on: the stored choice when the session still lists it, else the first
 * offer they may open (a membership may have been removed since the choice was stored).
 */
export function currentChoice(session: ConsoleSession | null, storedOfferId: unknown): OfferChoice | null {
  if (!session) return null;
  const choices = offerChoices(session);
  return choices.find((choice) => choice.offerId === storedOfferId) ?? choices[0] ?? null;
}

/** For the dataProvider: the current offer, or a clear refusal when the staff member has none. */
export async function requireChoice(storedOfferId: unknown): Promise<OfferChoice> {
  const session = await getSession();
  if (!session) throw new ApiError(401, 'Your session has ended. Sign in again.');
  const choice = currentChoice(session, storedOfferId);
  if (!choice)
    throw new ApiError(403, 'Your account has no offer to open yet. Ask the partner’s owner for access.');
  return choice;
}
