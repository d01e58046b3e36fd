import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PointsCurrent } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** Whose points: the holder, their offer, and the deal (null: the offer's headline points deal). */
export interface PointsRef {
  partnerUserId: number;
  offerId: number;
  dealId: number | null;
}

/**
 * Every points query's key starts with a root naming points, so a change to the ledger (a redemption,
 * a claimed reward) can refresh them all with `invalidateQueries({ predicate: isPointsQuery })`.
 */
export const POINTS_CURRENT_ROOT = 'pointsCurrent';

export function isPointsQuery(query: Pick<Query, 'queryKey'>): boolean {
  const root = query.queryKey[0];
  return typeof root === 'string' && /points/i.test(root);
}

export function pointsCurrentQueryOptions(ref: PointsRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: [POINTS_CURRENT_ROOT, token, ref.partnerUserId, ref.offerId, ref.dealId] as const,
    queryFn: ({ signal }) =>
      apiRequest<PointsCurrent>(apiPath(apiPaths.pointsCurrent, { id: ref.partnerUserId }), {
        // Without a dealId the request still carries the page's (spec 7), else the server's headline deal.
        query: { offerId: ref.offerId, dealId: ref.dealId },
        signal,
      }),
  });
}

/** GET …/points/current (spec 7): the holder's balance on one deal and its next expiration. */
export function usePointsCurrent(ref: PointsRef | null) {
  return useQuery({
    ...pointsCurrentQueryOptions(ref ?? { partnerUserId: 0, offerId: 0, dealId: null }),
    enabled: ref !== null,
  });
}
