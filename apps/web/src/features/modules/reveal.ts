import { firstScreenModuleTypes, type PageModule } from '@trailpass/contract';
import { isKnownModuleType, type KnownModuleType } from './registry';

/**
 * How a module page appears (ModuleList): the first screen in one piece (FIRST_PAINT_UNITS blocks, the
 * contract's, as the server names their code in the page), then the rest a block at a time. A block is one
 * module of a plain group, or a whole tab group.
 */
export { FIRST_PAINT_UNITS } from '@trailpass/contract';
export const UNITS_PER_STEP = 1;

/**
 * The module types of the first screen: the first FIRST_PAINT_UNITS blocks (of a tab group, its first
 * tab). The page waits for their code, and only theirs, before its first paint; the rest is loaded while
 * the visitor looks at it. The contract's rule (page-modules.ts), which reads the list as groupModules does,
 * without its logging; the server follows it to name that code in the page's HTML (decision 0026).
 */
export function firstScreenTypes(modules: readonly PageModule[]): KnownModuleType[] {
  return firstScreenModuleTypes(modules, isKnownModuleType);
}
