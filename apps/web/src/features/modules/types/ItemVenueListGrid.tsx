import { VenueListSection } from '../components/VenueListSection';
import { moduleVenues } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

/** Spec 2.4 ItemVenueListGrid: the module's venues as a two-column grid of cards, or on a map. */
export default function ItemVenueListGrid({ module }: ModuleProps) {
  const ctx = useModuleContext();
  return (
    <VenueListSection
      title={moduleLabel(module)}
      fallbackLabel={module.name}
      venues={moduleVenues(module, ctx)}
      layout="grid"
      withMap
    />
  );
}
