import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HolderDealRef, type RewardsResponse, rewardsRead } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { bootInitialData, refetchOnMountUnlessEmbedded } from '../../../lib/boot-reads';
import { getToken } from '../../../lib/session';

/** Whose catalogue: the holder, their offer, and the gamified deal (null on a points offer). */
export type RewardsRef = HolderDealRef;

/** Stock changes when anyone's cart holds or releases an item: invalidate this root after a claim. */
export const REWARDS_ROOT = 'rewards';

export function rewardsQueryOptions(ref: RewardsRef, token: string | null = getToken()) {
  // The contract's form of the call, by which the server embeds Rewards' first answers (decision 0026).
  const read = rewardsRead(ref);
  return queryOptions({
    queryKey: [REWARDS_ROOT, token, ref.partnerUserId, ref.offerId, ref.dealId] as const,
    queryFn: ({ signal }) => apiRequest<RewardsResponse>(read.path, { query: read.query, signal }),
    ...bootInitialData<RewardsResponse>(read, token),
    refetchOnMount: refetchOnMountUnlessEmbedded,
  });
}

/** GET …/rewards (decision 0016): the reward items of a points offer or of one gamified deal. */
export function useRewards(ref: RewardsRef | null) {
  return useQuery({
    ...rewardsQueryOptions(ref ?? { partnerUserId: 0, offerId: 0, dealId: null }),
    enabled: ref !== null,
  });
}
