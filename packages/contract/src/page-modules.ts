import type { AssignmentResponse, AssignmentType, PageModule } from './assignments';

/**
 * What a module page shows first, from its assignment answer alone: the modules (or the default layout),
 * the module types of the first screen and the hero picture. The app renders by these rules; the server
 * names the same code and picture in the page's HTML, so the browser asks for them before the app has run.
 */

/** Structure, not content: these two types shape the tab groups and render nothing themselves. */
export const TAB_MODULE_TYPE = 'Tab';
export const TABS_END_MODULE_TYPE = 'TabsEnd';

/**
 * The layout of a deal, venue or product page that has no assignment at its location (the server answers
 * `assignment: null` with the page's records; decision 0011). Without it such a page would be blank,
 * though the data to describe the place is there.
 */
export const DEFAULT_PAGE_LAYOUTS: Readonly<Partial<Record<AssignmentType, readonly string[]>>> = {
  deal: ['DealInfo', 'ItemVenueList', 'Products'],
  venue: ['VenueInfo', 'OpeningHours', 'VenueLinks', 'Products'],
  product: ['ProductInfo'],
};

/** The default layout's modules. Ids are negative so they never meet a real module. */
export function defaultModules(type: AssignmentType): PageModule[] {
  return (DEFAULT_PAGE_LAYOUTS[type] ?? []).map((moduleType, index) => ({
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

/** The modules a page shows: the assignment's, or the default layout when the page has none (above). */
export function pageModules(assignment: AssignmentResponse, type: AssignmentType): PageModule[] {
  return assignment.assignment === null && assignment.modules.length === 0
    ? defaultModules(type)
    : assignment.modules;
}

/**
 * How a module page appears: the first screen in one piece, then the rest a block at a time. A block is
 * one module of a plain group, or a whole tab group.
 */
export const FIRST_PAINT_UNITS = 2;

/**
 * The module types of the first screen: the first FIRST_PAINT_UNITS blocks (of a tab group, its first
 * tab), in page order. `isKnown` says which types have code (the app's registry); others are skipped
 * without counting, as the page skips them.
 */
export function firstScreenModuleTypes<T extends string>(
  modules: readonly PageModule[],
  isKnown: (type: string | null) => type is T,
): T[] {
  const types = new Set<T>();
  let units = 0;
  // Inside a tab group: 'first' while in its first tab, 'later' in the others.
  let tabs: 'none' | 'first' | 'later' = 'none';
  for (const module of modules) {
    if (module.type === TAB_MODULE_TYPE) {
      if (tabs === 'none') {
        if (units >= FIRST_PAINT_UNITS) break;
        units += 1;
        tabs = 'first';
      } else tabs = 'later';
      continue;
    }
    if (module.type === TABS_END_MODULE_TYPE) {
      tabs = 'none';
      continue;
    }
    if (!isKnown(module.type)) continue;
    if (tabs === 'later') continue;
    if (tabs === 'none') {
      if (units >= FIRST_PAINT_UNITS) break;
      units += 1;
    }
    types.add(module.type);
  }
  return [...types];
}

/** Types whose first image fills the top of the page: the page's largest paint when they come first. */
const HERO_TYPES: ReadonlySet<string> = new Set(['ImageShowcase', 'DashboardImage']);
/** A hero further down than this is below the first screen: no reason to hurry it. */
const HERO_MAX_POSITION = 2;

/**
 * The URL of the first picture of a showcase at the top of the page (among its first three modules), or
 * null. It is usually the page's largest paint, so it is asked for at high priority before the code that
 * shows it has run.
 */
export function heroImageUrl(assignment: AssignmentResponse): string | null {
  const hero = assignment.modules
    .slice(0, HERO_MAX_POSITION + 1)
    .find((module) => HERO_TYPES.has(module.type ?? ''));
  const mediaId = Array.isArray(hero?.data.media) ? hero.data.media[0] : undefined;
  return assignment.data.media.find((item) => item.id === mediaId)?.url || null;
}
