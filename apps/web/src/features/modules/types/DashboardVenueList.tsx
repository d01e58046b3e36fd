import { VenueListSection } from '../components/VenueListSection';
import { moduleVenues } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 DashboardVenueList: the module's venues as cards scrolled sideways, or on a map. */
export default function DashboardVenueList({ module }: ModuleProps) {
  const ctx = useModuleContext();
  return (
    <VenueListSection
      title={moduleLabel(module)}
      fallbackLabel={module.name}
      venues={moduleVenues(module, ctx)}
      layout="carousel"
      withMap
    />
  );
}
