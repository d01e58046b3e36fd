import { ComingSoon } from '../../../components/ComingSoon';

/** Explore (spec 2.4). Placeholder until its feature is built. */
export default function ExplorePage() {
  return <ComingSoon title="Explore" />;
}
