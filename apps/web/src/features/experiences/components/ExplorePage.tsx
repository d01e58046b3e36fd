import { useAppData } from '../../app-data';
import { ModulePage } from './ModulePage';

/** Explore (spec 2.4): the offer's modules at location explore. */
export default function ExplorePage() {
  const { data } = useAppData();
  if (!data?.offer) return null;
  return (
    <ModulePage
      page="explore"
      appData={data}
      request={{ type: 'offer', assignmentId: data.offer.id, location: 'explore' }}
      heading="Explore"
      emptyText="There is nothing to explore on this pass yet."
    />
  );
}
