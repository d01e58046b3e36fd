import { ComingSoon } from '../../../components/ComingSoon';

/** RewardsHistory (spec 2.10). Placeholder until its feature is built. */
export default function RewardsHistoryPage() {
  return <ComingSoon title="My Rewards History" />;
}
