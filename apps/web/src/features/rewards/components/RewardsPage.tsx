import { ComingSoon } from '../../../components/ComingSoon';

/** Rewards (spec 2.5). Placeholder until its feature is built. */
export default function RewardsPage() {
  return <ComingSoon title="My Rewards" />;
}
