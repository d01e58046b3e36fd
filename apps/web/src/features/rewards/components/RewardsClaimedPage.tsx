import { ComingSoon } from '../../../components/ComingSoon';

/** RewardsClaimed. Placeholder until its feature is built. */
export default function RewardsClaimedPage() {
  return <ComingSoon title="Rewards Claimed" />;
}
