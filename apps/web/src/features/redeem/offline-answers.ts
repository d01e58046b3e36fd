import type { QueryClient } from '@tanstack/react-query';
import type { RedeemResponse } from '@trailpass/contract';
import { apiErrorOf } from '../../lib/api-client';
import { getToken } from '../../lib/session';
import { loadPageQueue, type OfflineQueue, type QueuedAnswer } from '../offline-queue';
import { applyHolderRedeem, applyHolderRefusal } from './api/redeem';

export function isRedeemResponse(body: unknown): body is RedeemResponse {
  return (
    typeof body === 'object' &&
    body !== null &&
    'order_products' in body &&
    Array.isArray(body.order_products) &&
    'order_deals' in body &&
    Array.isArray(body.order_deals)
  );
}

/** The server's answer to a queued redemption, applied as a live one would be (the ticket shows it too). */
export function applyQueuedAnswer(queryClient: QueryClient, answer: QueuedAnswer): void {
  if (answer.status >= 200 && answer.status < 300 && isRedeemResponse(answer.body)) {
    applyHolderRedeem(queryClient, answer.body);
  } else {
    applyHolderRefusal(queryClient, apiErrorOf(answer.status, answer.body));
  }
}

/**
 * Starts the page side of the offline queue for this pass (main.tsx, after load): its waiting check-ins
 * show, and the server's answers update the page.
 */
export async function startOfflineRedeems(queryClient: QueryClient): Promise<OfflineQueue | null> {
  const token = getToken();
  if (!token) return null;
  const { startOfflineQueue } = await loadPageQueue();
  return startOfflineQueue({ token, onAnswer: (answer) => applyQueuedAnswer(queryClient, answer) });
}
