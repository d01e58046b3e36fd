import type { PageModule } from '@trailpass/contract';

/**
 * The modules a page shows: the assignment's, or the default layout of a deal, venue or product page that
 * has none (decision 0011). The contract's rule (page-modules.ts), which the server also follows to name
 * the first screen's module code in the page's HTML (decision 0026).
 */
export { defaultModules, pageModules } from '@trailpass/contract';

/** The page's own info module names the place visibly; the page's h1 is then for screen readers only. */
const INFO_MODULES = new Set<string>(['DealInfo', 'VenueInfo', 'ProductInfo', 'Greeting']);

export function hasInfoModule(modules: readonly PageModule[]): boolean {
  return modules.some((module) => module.type !== null && INFO_MODULES.has(module.type));
}
