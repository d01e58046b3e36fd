import { ComingSoon } from '../../../components/ComingSoon';

/** Subscriptions (spec 2.15). Placeholder until its feature is built. */
export default function SubscriptionsPage() {
  return <ComingSoon title="Subscriptions" />;
}
