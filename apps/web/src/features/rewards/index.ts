/** Public surface of the rewards feature: the rewards catalogue query (refresh REWARDS_ROOT after a claim). */
export { REWARDS_ROOT, type RewardsRef, rewardsQueryOptions, useRewards } from './api/rewards-catalogue';
export { rewardsDeals } from './rewards-deals';
