import { type AdEventRequest, type AdEventResponse, apiPaths } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';

/**
 * POST /partnerUser/{id}/event (spec 7 Ad event). Fire and forget: analytics must never get in the way
 * of the tap that caused it, so a failure is only logged.
 */
export function sendAdEvent(partnerUserId: number, event: AdEventRequest): void {
  apiRequest<AdEventResponse>(apiPath(apiPaths.adEvent, { id: partnerUserId }), {
    method: 'POST',
    body: event,
  }).catch((error: unknown) => console.warn('Ad event not sent', error));
}
