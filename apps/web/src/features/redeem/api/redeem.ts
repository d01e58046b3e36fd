import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type DataResponse,
  type LatLng,
  type PreviewRedeemRequest,
  type RedeemRequest,
  type RedeemResponse,
} from '@trailpass/contract';
import { apiPath, apiRequest, isApiError } from '../../../lib/api-client';
import { dataQueryKey } from '../../app-data';
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

export function postRedeem(target: RedeemTarget, pinNumber: string): Promise<RedeemResponse> {
  const { path, body } = redeemCall(target, pinNumber);
  return apiRequest<RedeemResponse>(path, { method: 'POST', body });
}

/** Shown when the server gave no reason (a network failure, a proxy's error page). */
export const REDEEM_FAILED_MESSAGE = 'We could not redeem this. Please try again.';

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
  if (!isApiError(error)) return [REDEEM_FAILED_MESSAGE];
  const errors = errorsOf(error.body);
  if (errors.length > 0) return errors;
  return error.code === 'unknown' || error.message.trim() === '' ? [REDEEM_FAILED_MESSAGE] : [error.message];
}

/** After a holder's redemption: what the server now says about counts, points and redeemed products. */
function refreshAfterRedeem(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: dataQueryKey() });
  // Product redeemedCount and venue hasSomeRedemption come with each page's assignment.
  void queryClient.invalidateQueries({ queryKey: ['assignment'] });
  void queryClient.invalidateQueries({ predicate: isPointsQuery });
}

/** Statuses that mean /data was out of date (not the holder's, used elsewhere, expired, deal used up). */
const STALE_STATUSES = new Set([404, 409, 422]);

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
 * POST the redemption. A holder's answer is merged into the cached /data at once (the page shows the new
 * state), then /data, the pages' assignments and points are read again. A preview's answer is the
 * caller's alone: nothing is stored, so nothing is cached. A pickup changes an order, not /data: the
 * caller's onSuccess updates what shows it.
 */
export function useRedeem(options: UseRedeemOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError } = options;
  return useMutation({
    mutationFn: ({ target, pin }: RedeemVariables) => postRedeem(target, pin),
    onSuccess: (result, variables) => {
      const { target } = variables;
      if (target.kind === 'holder') {
        const key = dataQueryKey();
        const loadedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? Date.now();
        const elapsedSeconds = Math.max(0, (Date.now() - loadedAt) / 1000);
        queryClient.setQueryData<DataResponse>(key, (data) =>
          data ? mergeRedeemResult(data, result, elapsedSeconds) : data,
        );
        refreshAfterRedeem(queryClient);
      } else if (target.kind === 'pickup') {
        // The points history links a pending pickup (spec 2.10): it is one no longer.
        void queryClient.invalidateQueries({ predicate: isPointsQuery });
      }
      onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      const { target } = variables;
      if (target.kind === 'holder' && isApiError(error) && STALE_STATUSES.has(error.status)) {
        void queryClient.invalidateQueries({ queryKey: dataQueryKey() });
      }
      onError?.(error, variables);
    },
  });
}
