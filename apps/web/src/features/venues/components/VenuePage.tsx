import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

/** Venue and DealVenue (spec 2.4). Placeholder until its feature is built. */
export default function VenuePage() {
  const params = useParams();
  return <ComingSoon title="Venue" subtitle={`Venue ${params.venueId ?? ''}`} />;
}
