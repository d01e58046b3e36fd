import type { CancelItemRequest, FulfilmentResult, MarkShippedRequest } from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { fulfilmentPaths } from './paths';

/**
 * What staff do with an item of the fulfilment queue (contract: fulfilment.ts). A second action on an item
 * that already left the queue is refused with 409 CONFLICT and the server's account of what happened.
 */
interface ItemRef {
  offerId: number;
  itemId: number;
}

export function markShipped(ref: ItemRef, body: MarkShippedRequest): Promise<FulfilmentResult> {
  return apiRequest(fillPath(fulfilmentPaths.ship, { ...ref }), { method: 'POST', body });
}

export function markPickedUp(ref: ItemRef): Promise<FulfilmentResult> {
  return apiRequest(fillPath(fulfilmentPaths.pickedUp, { ...ref }), { method: 'POST', body: {} });
}

/** Cancels an unfulfilled item: its points go back to the holder and its stock returns. */
export function cancelItem(ref: ItemRef, body: CancelItemRequest): Promise<FulfilmentResult> {
  return apiRequest(fillPath(fulfilmentPaths.cancel, { ...ref }), { method: 'POST', body });
}
