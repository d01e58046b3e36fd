import type { PageModule } from '@trailpass/contract';
import { TAB_TYPE, TABS_END_TYPE } from './grouping';
import { isKnownModuleType, type KnownModuleType } from './registry';

/**
 * How a module page appears (ModuleList): the first screen in one piece, then the rest a block at a time.
 * A block is one module of a plain group, or a whole tab group.
 */
export const FIRST_PAINT_UNITS = 2;
export const UNITS_PER_STEP = 1;

/**
 * The module types of the first screen: the first FIRST_PAINT_UNITS blocks (of a tab group, its first
 * tab). The page waits for their code, and only theirs, before its first paint; the rest is loaded while
 * the visitor looks at it. This reads the list as groupModules does, without its logging.
 */
export function firstScreenTypes(modules: readonly PageModule[]): KnownModuleType[] {
  const types = new Set<KnownModuleType>();
  let units = 0;
  // Inside a tab group: 'first' while in its first tab, 'later' in the others.
  let tabs: 'none' | 'first' | 'later' = 'none';
  for (const module of modules) {
    if (module.type === TAB_TYPE) {
      if (tabs === 'none') {
        if (units >= FIRST_PAINT_UNITS) break;
        units += 1;
        tabs = 'first';
      } else tabs = 'later';
      continue;
    }
    if (module.type === TABS_END_TYPE) {
      tabs = 'none';
      continue;
    }
    if (!isKnownModuleType(module.type)) continue;
    if (tabs === 'later') continue;
    if (tabs === 'none') {
      if (units >= FIRST_PAINT_UNITS) break;
      units += 1;
    }
    types.add(module.type);
  }
  return [...types];
}
