import { ComingSoon } from '../../../components/ComingSoon';

/** Messages (spec 2.12). Placeholder until its feature is built. */
export default function MessagesPage() {
  return <ComingSoon title="Messages" />;
}
