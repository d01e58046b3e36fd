import { ComingSoon } from '../../../components/ComingSoon';

/** ClaimReward (spec 2.6). Placeholder until its feature is built. */
export default function ClaimRewardPage() {
  return <ComingSoon title="Claim Reward" />;
}
