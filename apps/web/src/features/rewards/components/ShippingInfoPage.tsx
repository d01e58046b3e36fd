import { ComingSoon } from '../../../components/ComingSoon';

/** ShippingInfo (spec 2.7). Placeholder until its feature is built. */
export default function ShippingInfoPage() {
  return <ComingSoon title="Add Shipping Information" />;
}
