import type { PageModule } from '@trailpass/contract';

/** Every module component takes the module; the page's context comes from useModuleContext(). */
export interface ModuleProps {
  module: PageModule;
}

/** A string from module data (label, notes, value), or null. */
export function dataString(module: PageModule, key: string): string | null {
  const value = module.data[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** An id list from module data (venues, media, perks, sorted, …); anything that is not an id is dropped. */
export function dataIds(module: PageModule, key: string): number[] {
  const value = module.data[key];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is number => Number.isInteger(item) && item > 0);
}

/** A number from module data (the DashboardItemCards cap in value), or null. */
export function dataNumber(module: PageModule, key: string): number | null {
  const value = module.data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The module's heading: data.label. */
export function moduleLabel(module: PageModule): string | null {
  return dataString(module, 'label');
}
