import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { type HolderDealRef, type PointsCurrent, pointsCurrentRead } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { bootInitialData, refetchOnMountUnlessEmbedded } from '../../../lib/boot-reads';
import { getToken } from '../../../lib/session';

/** Whose points: the holder, their offer, and the deal (null: the offer's headline points deal). */
export type PointsRef = HolderDealRef;

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
    // Without a dealId the request still carries the page's (spec 7), else the server's headline deal. The
    // contract's form of the call, by which the server embeds Rewards' first answers (decision 0026).
    queryFn: ({ signal }) => {
      const read = pointsCurrentRead(ref);
      return apiRequest<PointsCurrent>(read.path, { query: read.query, signal });
    },
    ...bootInitialData<PointsCurrent>(pointsCurrentRead(ref), token),
    refetchOnMount: refetchOnMountUnlessEmbedded,
  });
}

/** GET …/points/current (spec 7): the holder's balance on one deal and its next expiration. */
export function usePointsCurrent(ref: PointsRef | null) {
  return useQuery({
    ...pointsCurrentQueryOptions(ref ?? { partnerUserId: 0, offerId: 0, dealId: null }),
    enabled: ref !== null,
  });
}
