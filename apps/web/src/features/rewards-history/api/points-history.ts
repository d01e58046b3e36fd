import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiPaths, POINTS_HISTORY_DISPLAY, type PointsHistory } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import type { HistorySource } from '../rewards-history';

/**
 * The root names points, so the points feature's predicate (isPointsQuery) refreshes the history with the
 * balances after a redemption, a claim or a confirmed pickup.
 */
export const POINTS_HISTORY_ROOT = 'pointsHistory';

export interface PointsHistoryRef {
  partnerUserId: number;
  offerId: number;
  /** A gamified deal (one call per deal); null: the points offer's own history. */
  dealId: number | null;
}

export function pointsHistoryQueryOptions(ref: PointsHistoryRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: [POINTS_HISTORY_ROOT, token, ref.partnerUserId, ref.offerId, ref.dealId] as const,
    queryFn: ({ signal }) =>
      apiRequest<PointsHistory>(apiPath(apiPaths.pointsHistory, { id: ref.partnerUserId }), {
        // Spec 9: points history display 1000000, page 1.
        query: { offerId: ref.offerId, dealId: ref.dealId, page: 1, display: POINTS_HISTORY_DISPLAY },
        signal,
      }),
  });
}

/** GET …/points/history (spec 7): one call per source (each gamified deal, or the points offer once). */
export function usePointsHistories(
  ref: { partnerUserId: number; offerId: number },
  sources: readonly HistorySource[],
) {
  return useQueries({
    queries: sources.map((source) => pointsHistoryQueryOptions({ ...ref, dealId: source.dealId })),
  });
}
