import { ComingSoon } from '../../../components/ComingSoon';

/** ReviewOrder (spec 2.8). Placeholder until its feature is built. */
export default function ReviewOrderPage() {
  return <ComingSoon title="My Bag" />;
}
