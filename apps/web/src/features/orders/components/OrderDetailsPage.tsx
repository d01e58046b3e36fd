import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

/** OrderDetails (spec 2.9). Placeholder until its feature is built. */
export default function OrderDetailsPage() {
  const params = useParams();
  return <ComingSoon title="Order Details" subtitle={`Order #${params.orderId ?? ''}`} />;
}
