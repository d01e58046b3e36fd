import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

/** Product, VenueProduct, DealProduct and DealVenueProduct (spec 2.4). Placeholder until its feature is built. */
export default function ProductPage() {
  const params = useParams();
  return <ComingSoon title="Product" subtitle={`Product ${params.productId ?? ''}`} />;
}
