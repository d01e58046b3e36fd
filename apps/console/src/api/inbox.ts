import type { InboxHandledRequest, InboxKind } from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { inboxPaths } from './paths';

/** Marks a suggestion or help request handled (true) or reopens it (false); contract: inbox.ts. */
export function setItemHandled(
  ref: { offerId: number; kind: InboxKind; itemId: number },
  handled: boolean,
): Promise<unknown> {
  const body: InboxHandledRequest = { handled };
  return apiRequest(fillPath(inboxPaths.item, { ...ref }), { method: 'PATCH', body });
}

/**
 * Marks a group of error reports handled or reopens it: of the offer named, or, with `offerId` null, a group
 * of the reports sent without an offer (provider admins only).
 */
export function setErrorGroupHandled(
  ref: { offerId: number | null; fingerprint: string },
  handled: boolean,
): Promise<unknown> {
  const body: InboxHandledRequest = { handled };
  const path =
    ref.offerId === null
      ? fillPath(inboxPaths.providerErrorGroup, { fingerprint: ref.fingerprint })
      : fillPath(inboxPaths.errorGroup, { offerId: ref.offerId, fingerprint: ref.fingerprint });
  return apiRequest(path, { method: 'PATCH', body });
}
