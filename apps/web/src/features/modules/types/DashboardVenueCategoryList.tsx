import type { AssignmentVenue, Category } from '@trailpass/contract';
import { useId, useState } from 'react';
import ExpandMoreIcon from '~icons/ic/baseline-expand-more';
import { translate, useTranslation } from '../../../i18n';
import { TitledSection } from '../components/TitledSection';
import { VenueList } from '../components/VenueList';
import { categoryGroups } from '../components/venues';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

export function placesCount(count: number): string {
  return translate('modules:places', { count });
}

/**
 * One category as an outlined accordion section (MUI's Accordion, plain): an h3 holding the button that
 * opens it (aria-expanded), and the region it controls, named by that button. A closed section holds no
 * cards, so a long category list stays light.
 */
function CategorySection({ category, venues }: { category: Category; venues: readonly AssignmentVenue[] }) {
  useTranslation('modules');
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-summary`;
  const regionId = `${id}-details`;
  return (
    <div className="tp-outlined tp-mod-accordion">
      <h3 className="tp-mod-accordion-heading">
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((shown) => !shown)}
          className="tp-mod-accordion-summary"
        >
          <span className="tp-body1 tp-bold tp-grow">
            {category.name}
            {/* The count sits apart on screen; read aloud it needs a pause after the name. */}
            <span className="tp-sr-only">,</span>
          </span>{' '}
          <span className="tp-body2 tp-secondary tp-mod-accordion-count">{placesCount(venues.length)}</span>
          <ExpandMoreIcon className="tp-icon-lg tp-mod-accordion-icon" />
        </button>
      </h3>
      {/* A section named by its button is a region, as MUI's AccordionDetails is. */}
      <section id={regionId} aria-labelledby={buttonId} hidden={!open}>
        {open && (
          <div className="tp-mod-accordion-details">
            <VenueList venues={venues} layout="rows" label={category.name} />
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * Spec 2.4 DashboardVenueCategoryList: one collapsible section per category of data.categories, its
 * heading saying how many venues it holds, opening onto those venues. Nothing when no category has one.
 */
export default function DashboardVenueCategoryList({ module }: ModuleProps) {
  const ctx = useModuleContext();
  const groups = categoryGroups(module, ctx);
  if (groups.length === 0) return null;

  return (
    <TitledSection title={moduleLabel(module)}>
      <div className="tp-mod-accordions">
        {groups.map(({ category, venues }) => (
          <CategorySection key={category.id} category={category} venues={venues} />
        ))}
      </div>
    </TitledSection>
  );
}
