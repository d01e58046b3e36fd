import { VenueListSection } from '../components/VenueListSection';
import { moduleVenues } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 ItemVenueList: the module's venues (or, on a deal page, the deal's) one per row. */
export default function ItemVenueList({ module }: ModuleProps) {
  const ctx = useModuleContext();
  return (
    <VenueListSection
      title={moduleLabel(module)}
      fallbackLabel={module.name}
      venues={moduleVenues(module, ctx)}
      layout="rows"
    />
  );
}
