import { type PageModule, TAB_MODULE_TYPE, TABS_END_MODULE_TYPE } from '@trailpass/contract';
import { translate } from '../../i18n';
import { isKnownModuleType, type KnownModuleType } from './registry';

/** A module whose type has a component (the grouping drops every other module). */
export type RenderableModule = PageModule & { type: KnownModuleType };

/** One tab of a tab group: the Tab module's label and key, and the modules up to the next Tab or TabsEnd. */
export interface ModuleTab {
  /** Stable within its group: settings.notes, else the Tab module's id. */
  key: string;
  label: string;
  /** The Tab module itself (its id names the tab in the DOM). */
  tabModuleId: number;
  modules: RenderableModule[];
}

export type ModuleGroup =
  | { kind: 'plain'; key: string; modules: RenderableModule[] }
  | { kind: 'tabs'; key: string; tabs: ModuleTab[] };

/** Structure, not content: these two types shape the groups and render nothing themselves. */
export const TAB_TYPE = TAB_MODULE_TYPE;
export const TABS_END_TYPE = TABS_END_MODULE_TYPE;

/** Spec 8: the exact text logged for a module without a type. */
export const MISSING_MODULE_TYPE_MESSAGE = 'Missing module type.';

function trimmed(value: string | undefined | null): string | null {
  const text = value?.trim();
  return text ? text : null;
}

function tabOf(module: PageModule, usedKeys: Set<string>): ModuleTab {
  const label =
    trimmed(module.settings?.label) ??
    trimmed(module.name) ??
    translate('modules:tabFallback', { id: module.id });
  // Two tabs of one group with the same notes would share DOM ids; the second one falls back to its id.
  let key = trimmed(module.settings?.notes) ?? String(module.id);
  if (usedKeys.has(key)) key = `${key}-${module.id}`;
  usedKeys.add(key);
  return { key, label, tabModuleId: module.id, modules: [] };
}

/**
 * Spec 2.4: an ordered list of modules becomes blocks. Modules before any Tab form a plain group; a Tab
 * starts a tab and the modules after it go into that tab until the next Tab or a TabsEnd; a TabsEnd
 * closes the tab group, so later modules start a new plain group; a tab group still open at the end of
 * the list closes there. A TabsEnd with no open tab group changes nothing. Modules of unknown types are
 * skipped; a module whose type is null is skipped and logged as "Missing module type." (spec 8). The
 * order of the list is kept as given (the server sends it in ascending sort_order). Empty plain groups
 * are not returned; a tab without content is kept, since the partner named it.
 */
export function groupModules(modules: readonly PageModule[]): ModuleGroup[] {
  const groups: ModuleGroup[] = [];
  // The group being filled: a plain group, a tab group, or none yet (after a TabsEnd, or at the start).
  let open: ModuleGroup | null = null;
  let tabKeys = new Set<string>();

  const close = () => {
    if (open && (open.kind === 'tabs' || open.modules.length > 0)) groups.push(open);
    open = null;
  };

  for (const module of modules) {
    if (module.type === null) {
      // A warning, not an error: it is a content problem for the partner to fix, and the page works
      // without the module (an error would count against the page in error reporting and audits).
      console.warn(MISSING_MODULE_TYPE_MESSAGE, module);
      continue;
    }
    if (module.type === TAB_TYPE) {
      if (open?.kind !== 'tabs') {
        close();
        tabKeys = new Set();
        open = { kind: 'tabs', key: `tabs-${module.id}`, tabs: [] };
      }
      open.tabs.push(tabOf(module, tabKeys));
      continue;
    }
    if (module.type === TABS_END_TYPE) {
      if (open?.kind === 'tabs') close();
      continue;
    }
    if (!isKnownModuleType(module.type)) continue;
    const renderable = module as RenderableModule;
    if (open?.kind === 'tabs') {
      open.tabs.at(-1)?.modules.push(renderable);
    } else {
      open ??= { kind: 'plain', key: `plain-${module.id}`, modules: [] };
      open.modules.push(renderable);
    }
  }
  close();
  return groups;
}
