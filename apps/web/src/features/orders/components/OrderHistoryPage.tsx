import { ComingSoon } from '../../../components/ComingSoon';

/** OrderHistory (spec 2.9). Placeholder until its feature is built. */
export default function OrderHistoryPage() {
  return <ComingSoon title="Order History" />;
}
