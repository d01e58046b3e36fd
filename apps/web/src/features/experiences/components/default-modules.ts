import type { AssignmentResponse, AssignmentType, PageModule } from '@trailpass/contract';
import type { KnownModuleType } from '../../modules/registry';

/**
 * The layout of a deal, venue or product page that has no assignment at its location (the server answers
 * `assignment: null` with the page's records; decision 0011). Without it such a page would be blank,
 * though the data to describe the place is there. Ids are negative so they never meet a real module.
 */
const DEFAULT_LAYOUTS: Partial<Record<AssignmentType, KnownModuleType[]>> = {
  deal: ['DealInfo', 'ItemVenueList', 'Products'],
  venue: ['VenueInfo', 'OpeningHours', 'VenueLinks', 'Products'],
  product: ['ProductInfo'],
};

export function defaultModules(type: AssignmentType): PageModule[] {
  return (DEFAULT_LAYOUTS[type] ?? []).map((moduleType, index) => ({
    id: -(index + 1),
    type: moduleType,
    name: moduleType,
    sort_order: index,
    data: {},
    settings: null,
    assignment: type,
    isFixed: false,
    opacity: 1,
  }));
}

/** The page's own info module names the place visibly; the page's h1 is then for screen readers only. */
const INFO_MODULES = new Set<string>(['DealInfo', 'VenueInfo', 'ProductInfo', 'Greeting']);

export function hasInfoModule(modules: readonly PageModule[]): boolean {
  return modules.some((module) => module.type !== null && INFO_MODULES.has(module.type));
}

/** The modules a page shows: the assignment's, or the default layout when the page has none (above). */
export function pageModules(assignment: AssignmentResponse, type: AssignmentType): PageModule[] {
  return assignment.assignment === null && assignment.modules.length === 0
    ? defaultModules(type)
    : assignment.modules;
}
