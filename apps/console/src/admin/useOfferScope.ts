import type { ConsoleSession } from '@trailpass/contract/console';
import { usePermissions, useStore } from 'react-admin';
import { canWrite, type OfferChoice, offerChoices } from '../auth/roles';
import { currentChoice } from './scope';
import { OFFER_KEY } from './store';

export interface OfferScope {
  session: ConsoleSession | null;
  choices: OfferChoice[];
  choice: OfferChoice | null;
  setOfferId: (offerId: number) => void;
  /** False for a viewer: the pages show no button that changes anything. */
  canWrite: boolean;
}

/** The open offer, the others the staff member may open, and what their role there lets them do. */
export function useOfferScope(): OfferScope {
  const { permissions } = usePermissions<ConsoleSession | null>();
  const [storedOfferId, setOfferId] = useStore<number | null>(OFFER_KEY, null);
  const session = permissions ?? null;
  const choice = currentChoice(session, storedOfferId);
  return {
    session,
    choices: session ? offerChoices(session) : [],
    choice,
    setOfferId,
    canWrite: canWrite(choice?.role),
  };
}
