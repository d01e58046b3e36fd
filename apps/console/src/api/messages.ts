import type { ComposeMessageRequest, ConsoleMessage } from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { messagePaths } from './paths';

/** Messages to an offer's holders (contract: messages.ts). */
export function composeMessage(offerId: number, body: ComposeMessageRequest): Promise<ConsoleMessage> {
  return apiRequest(fillPath(messagePaths.messages, { offerId }), { method: 'POST', body });
}

/** Cancels a scheduled message before it goes out (a sent one cannot be: 409). */
export function cancelMessage(offerId: number, messageId: number): Promise<ConsoleMessage | undefined> {
  return apiRequest(fillPath(messagePaths.message, { offerId, messageId }), { method: 'DELETE' });
}
