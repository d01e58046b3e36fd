import { ComingSoon } from '../../../components/ComingSoon';

/** CommonQuestions (spec 2.16). Placeholder until its feature is built. */
export default function CommonQuestionsPage() {
  return <ComingSoon title="Common Questions" />;
}
