import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

/** Deal (spec 2.4). Placeholder until its feature is built. */
export default function DealPage() {
  const params = useParams();
  return <ComingSoon title="Deal" subtitle={`Deal ${params.dealId ?? ''}`} />;
}
