import { z } from 'zod';
import { rewardItem } from './assignments';
import { idParam, passQuery } from './common';

/**
 * Extension (decision 0016): the rewards catalogue of the Rewards page (spec 2.5) and ClaimReward (2.6).
 * GET /partnerUser/{id}/rewards?offerId&dealId: a points offer's items (deal_id null), or a gamified
 * deal's items (dealId; without it, the first gamified deal in rewards order). ticketsAvailable is what is
 * left now, after the 10-minute holds of other holders' carts.
 */
export const rewardsQuery = passQuery.extend({ offerId: idParam });
export type RewardsQuery = z.infer<typeof rewardsQuery>;
export const rewardsResponse = z.object({
  /** The deal whose points pay for these items; null on a points offer. */
  deal_id: z.number().int().positive().nullable(),
  rewardItems: z.array(rewardItem),
  /** The pickup venues of these items (spec 2.6: pickup instructions plus the venue's address). */
  venues: z.array(
    z.object({ id: z.number().int().positive(), name: z.string(), address: z.string().nullable() }),
  ),
});
export type RewardsResponse = z.infer<typeof rewardsResponse>;
