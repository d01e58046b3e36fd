import { ComingSoon } from '../../../components/ComingSoon';

/** Experiences (spec 2.4). Placeholder until its feature is built. */
export default function ExperiencesPage() {
  return <ComingSoon title="Experiences" />;
}
