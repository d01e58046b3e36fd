import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type DataResponse,
  IDEMPOTENCY_KEY_HEADER,
  type LatLng,
  type PreviewRedeemRequest,
  type RedeemRequest,
  type RedeemResponse,
} from '@trailpass/contract';
import { englishText, translate } from '../../../i18n';
import { apiPath, apiRequest, buildApiUrl, isApiError } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { getToken } from '../../../lib/session';
import { dataQueryKey } from '../../app-data';
import { loadPageQueue } from '../../offline-queue';
import { isPointsQuery } from '../../points';
import { mergeRedeemResult } from '../merge';

/**
 * What a redeem button acts on. A holder redeems one of their order products; a product preview has no
 * holder and no orders, so it names the previewed product and the server stores nothing (spec 7).
 * checkIn: the product's type is check-in, which has its own call. A pickup is one of the holder's order
 * items picked up at a venue (spec 4 Pickup confirmation, decision 0015): the same /redeem call with
 * orderItemIds, and for a `gpsOrPin` item the holder's location, which stands in for the code nearby.
 */
export type RedeemTarget =
  | { kind: 'holder'; partnerUserId: number; orderProductId: number; checkIn: boolean }
  | { kind: 'preview'; productId: number; checkIn: boolean }
  | { kind: 'pickup'; partnerUserId: number; orderItemId: number; location?: LatLng | null };

/** The spec 7 call for a target: /checkIn for a check-in, else /redeem; the /preview forms in a preview. */
export function redeemCall(
  target: RedeemTarget,
  pinNumber: string,
): { path: string; body: RedeemRequest | PreviewRedeemRequest } {
  if (target.kind === 'pickup') {
    // A pickup that needs no code (or is confirmed by location) is sent without one.
    return {
      path: apiPath(apiPaths.redeem, { id: target.partnerUserId }),
      body: {
        partnerUserId: target.partnerUserId,
        orderItemIds: [target.orderItemId],
        ...(pinNumber === '' ? {} : { pinNumber }),
        ...(target.location
          ? { latitude: target.location.latitude, longitude: target.location.longitude }
          : {}),
      },
    };
  }
  if (target.kind === 'preview') {
    return {
      path: target.checkIn ? apiPaths.previewCheckIn : apiPaths.previewRedeem,
      body: { orderProductIds: [target.productId], pinNumber },
    };
  }
  return {
    path: apiPath(target.checkIn ? apiPaths.checkIn : apiPaths.redeem, { id: target.partnerUserId }),
    body: { partnerUserId: target.partnerUserId, orderProductIds: [target.orderProductId], pinNumber },
  };
}

/**
 * POST the call. A holder's attempt (redeem, check-in, pickup) carries its idempotency key: sent again
 * (from the offline queue), the server answers with its first answer instead of acting twice. A preview
 * stores nothing and has none.
 */
export function postRedeem(
  target: RedeemTarget,
  pinNumber: string,
  idempotencyKey?: string,
): Promise<RedeemResponse> {
  const { path, body } = redeemCall(target, pinNumber);
  return apiRequest<RedeemResponse>(path, {
    method: 'POST',
    body,
    ...(idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } } : {}),
  });
}

/**
 * The attempt did not reach the server because the device is offline, and it is queued (the ticket says it
 * is waiting): this stands in for the network error, so nothing shows it as a failure.
 */
export class RedeemQueuedError extends Error {
  override readonly name = 'RedeemQueuedError';
  readonly key: string;

  constructor(key: string) {
    super('The redemption was queued until the connection returns.');
    this.key = key;
  }
}

export function isRedeemQueued(error: unknown): error is RedeemQueuedError {
  return error instanceof RedeemQueuedError;
}

/**
 * The call failed for want of a connection: fetch's network error (a TypeError; an ApiError means the
 * server answered), or any failure while the browser says it is offline.
 */
export function isOfflineFailure(error: unknown): boolean {
  if (isApiError(error)) return false;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** Keeps a holder's attempt for later in the offline queue; false when it could not be kept. */
async function queueAttempt(
  target: Extract<RedeemTarget, { kind: 'holder' }>,
  pinNumber: string,
  key: string,
): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  const { path, body } = redeemCall(target, pinNumber);
  try {
    // Loaded with the page's queue at start (main.tsx), so this needs no network.
    const { enqueueCall } = await loadPageQueue();
    await enqueueCall({
      key,
      token,
      path,
      url: buildApiUrl(path, undefined, window.location.search),
      body: body as RedeemRequest,
      target,
      createdAt: Date.now(),
    });
    return true;
  } catch (error) {
    console.warn('The redemption could not be kept for later', error);
    return false;
  }
}

/**
 * One attempt with a fresh key. A holder's redeem or check-in made offline is queued and rejects with
 * RedeemQueuedError; a pickup is not queued (its location is of the moment), a preview stores nothing.
 */
export async function attemptRedeem({ target, pin }: RedeemVariables): Promise<RedeemResponse> {
  const key = target.kind === 'preview' ? undefined : randomId();
  try {
    return await postRedeem(target, pin, key);
  } catch (error) {
    if (
      target.kind === 'holder' &&
      key &&
      isOfflineFailure(error) &&
      (await queueAttempt(target, pin, key))
    ) {
      throw new RedeemQueuedError(key);
    }
    throw error;
  }
}

/** Shown when the server gave no reason (a network failure, a proxy's error page); this is its English. */
export const REDEEM_FAILED_MESSAGE = englishText('redeem:redeemFailed');

function errorsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) {
    return [];
  }
  return body.errors.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

/**
 * Spec 8 redemption errors: the server's errors array, else the response message, else ours. Each one is
 * a line of the PIN pad's red alert.
 */
export function redeemErrorMessages(error: unknown): string[] {
  const ours = translate('redeem:redeemFailed');
  if (!isApiError(error)) return [ours];
  const errors = errorsOf(error.body);
  if (errors.length > 0) return errors;
  return error.code === 'unknown' || error.message.trim() === '' ? [ours] : [error.message];
}

/** After a holder's redemption: what the server now says about counts, points and redeemed products. */
function refreshAfterRedeem(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: dataQueryKey() });
  // Product redeemedCount and venue hasSomeRedemption come with each page's assignment.
  void queryClient.invalidateQueries({ queryKey: ['assignment'] });
  void queryClient.invalidateQueries({ predicate: isPointsQuery });
}

/**
 * A holder's redemption answer, live or from the offline queue: merged into the cached /data at once (the
 * page shows the new state), then /data, the pages' assignments and points are read again.
 */
export function applyHolderRedeem(queryClient: QueryClient, result: RedeemResponse): void {
  const key = dataQueryKey();
  const loadedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? Date.now();
  const elapsedSeconds = Math.max(0, (Date.now() - loadedAt) / 1000);
  queryClient.setQueryData<DataResponse>(key, (data) =>
    data ? mergeRedeemResult(data, result, elapsedSeconds) : data,
  );
  refreshAfterRedeem(queryClient);
}

/** Statuses that mean /data was out of date (not the holder's, used elsewhere, expired, deal used up). */
const STALE_STATUSES = new Set([404, 409, 422]);

/** A holder's refusal, live or from the offline queue: one that says /data was out of date reads it again. */
export function applyHolderRefusal(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error) && STALE_STATUSES.has(error.status)) {
    void queryClient.invalidateQueries({ queryKey: dataQueryKey() });
  }
}

export interface RedeemVariables {
  target: RedeemTarget;
  /** The venue's code; '' for a pickup sent without one. */
  pin: string;
}

export interface UseRedeemOptions {
  /**
   * Runs with every success, after this feature's own cache work, even when the component that asked has
   * gone (the feature that shows the item keeps its cache right: a confirmed pickup's order).
   */
  onSuccess?: (result: RedeemResponse, variables: RedeemVariables) => void;
  /** Runs with every refusal, after this feature's own handling. */
  onError?: (error: unknown, variables: RedeemVariables) => void;
}

/**
 * POST the redemption (attemptRedeem: offline, a holder's is queued). A holder's answer is merged into the
 * cached /data at once (applyHolderRedeem). A preview's answer is the
 * caller's alone: nothing is stored, so nothing is cached. A pickup changes an order, not /data: the
 * caller's onSuccess updates what shows it.
 */
export function useRedeem(options: UseRedeemOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError } = options;
  return useMutation({
    mutationFn: attemptRedeem,
    // Run it even when the browser says it is offline: a holder's attempt is then queued (the ticket says it
    // waits) instead of the mutation pausing with the pad spinning until a connection returns.
    networkMode: 'always',
    onSuccess: (result, variables) => {
      const { target } = variables;
      if (target.kind === 'holder') {
        applyHolderRedeem(queryClient, result);
      } else if (target.kind === 'pickup') {
        // The points history links a pending pickup (spec 2.10): it is one no longer.
        void queryClient.invalidateQueries({ predicate: isPointsQuery });
      }
      onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      if (variables.target.kind === 'holder') applyHolderRefusal(queryClient, error);
      onError?.(error, variables);
    },
  });
}
