import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type RewardsResponse } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** Whose catalogue: the holder, their offer, and the gamified deal (null on a points offer). */
export interface RewardsRef {
  partnerUserId: number;
  offerId: number;
  dealId: number | null;
}

/** Stock changes when anyone's cart holds or releases an item: invalidate this root after a claim. */
export const REWARDS_ROOT = 'rewards';

export function rewardsQueryOptions(ref: RewardsRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: [REWARDS_ROOT, token, ref.partnerUserId, ref.offerId, ref.dealId] as const,
    queryFn: ({ signal }) =>
      apiRequest<RewardsResponse>(apiPath(apiPaths.rewards, { id: ref.partnerUserId }), {
        query: { offerId: ref.offerId, dealId: ref.dealId },
        signal,
      }),
  });
}

/** GET …/rewards (decision 0016): the reward items of a points offer or of one gamified deal. */
export function useRewards(ref: RewardsRef | null) {
  return useQuery({
    ...rewardsQueryOptions(ref ?? { partnerUserId: 0, offerId: 0, dealId: null }),
    enabled: ref !== null,
  });
}
