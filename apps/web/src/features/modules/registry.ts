import type { ComponentType } from 'react';
import { nextIdle } from '../../lib/idle';
import { importWithTimeout } from '../../lib/lazy';
import type { ModuleProps } from './types';

type ModuleComponent = ComponentType<ModuleProps>;
type ModuleLoader = () => Promise<{ default: ModuleComponent }>;

/**
 * Spec 2.4: every known module type, each in its own lazily loaded chunk (so the initial JS does not grow
 * with the number of module types). Tab and TabsEnd are structure, handled by the grouping; any other
 * type is skipped. Each type's code is `./types/<Type>.tsx`: the build lists each type's chunk by that name
 * (vite.config.ts), and the server names the first screen's in a page it sends with its data (decision 0026).
 */
export const moduleLoaders = {
  Audio: () => import('./types/Audio'),
  DashboardFields: () => import('./types/DashboardFields'),
  DashboardImage: () => import('./types/DashboardImage'),
  DashboardItemCards: () => import('./types/DashboardItemCards'),
  DashboardItems: () => import('./types/DashboardItems'),
  DashboardItemCategoryList: () => import('./types/DashboardItemCategoryList'),
  DashboardPerks: () => import('./types/DashboardPerks'),
  DashboardProductTickets: () => import('./types/DashboardProductTickets'),
  DashboardVenueList: () => import('./types/DashboardVenueList'),
  DashboardVenueCategoryList: () => import('./types/DashboardVenueCategoryList'),
  DealInfo: () => import('./types/DealInfo'),
  Greeting: () => import('./types/Greeting'),
  Html: () => import('./types/Html'),
  HtmlEditor: () => import('./types/HtmlEditor'),
  ImageShowcase: () => import('./types/ImageShowcase'),
  ItemCards: () => import('./types/ItemCards'),
  ItemVenueListGrid: () => import('./types/ItemVenueListGrid'),
  ItemVenueList: () => import('./types/ItemVenueList'),
  MoreInfo: () => import('./types/MoreInfo'),
  OpeningHours: () => import('./types/OpeningHours'),
  OfferCards: () => import('./types/OfferCards'),
  Products: () => import('./types/Products'),
  ProductInfo: () => import('./types/ProductInfo'),
  VenueInfo: () => import('./types/VenueInfo'),
  VenueLinks: () => import('./types/VenueLinks'),
  Video: () => import('./types/Video'),
} satisfies Record<string, ModuleLoader>;

export type KnownModuleType = keyof typeof moduleLoaders;
export const KNOWN_MODULE_TYPES = Object.keys(moduleLoaders) as KnownModuleType[];

export function isKnownModuleType(type: string | null): type is KnownModuleType {
  return type !== null && Object.hasOwn(moduleLoaders, type);
}

/** The longest each of the code further down waits for an idle moment before it is asked for anyway. */
const IDLE_PRELOAD_TIMEOUT_MS = 1_000;

/** Module types whose chunk has arrived: rendered at once, without suspending. */
const loaded = new Map<KnownModuleType, ModuleComponent>();

/** Loads a module type's chunk with the spec 8 chunk-load timeout. */
export async function loadModule(type: KnownModuleType): Promise<{ default: ModuleComponent }> {
  const module = await importWithTimeout(moduleLoaders[type]);
  loaded.set(type, module.default);
  return module;
}

/** The component of a module type whose chunk has already loaded, else undefined. */
export function loadedModule(type: KnownModuleType): ModuleComponent | undefined {
  return loaded.get(type);
}

/**
 * Loads the chunks of these module types side by side. A page waits for this before its first paint, so
 * its modules appear together instead of one skeleton after another (each swap would shift the page).
 * Never rejects: a type whose chunk fails is left to its module's own error boundary, which offers a reload.
 */
export async function preloadModules(types: Iterable<string | null>): Promise<void> {
  const known = [...new Set(types)].filter(isKnownModuleType).filter((type) => !loaded.has(type));
  await Promise.allSettled(known.map((type) => loadModule(type)));
}

/**
 * Loads the chunks of these module types one after another, each when the browser is idle: for the code of
 * a page's modules further down, which nothing waits for. Asked for all at once, their imports (each
 * adding its chunk's dependencies to the head as preloads) made one task of 35 ms on this machine, many
 * times that on a phone, right after the first screen. Never rejects, as preloadModules.
 */
export async function preloadModulesWhenIdle(types: Iterable<string | null>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  for (const type of new Set(types)) {
    if (!isKnownModuleType(type) || loaded.has(type)) continue;
    await nextIdle(IDLE_PRELOAD_TIMEOUT_MS);
    pending.push(loadModule(type).catch(() => {}));
  }
  await Promise.all(pending);
}

/** Tests: start with no loaded module types. */
export function forgetLoadedModulesForTests(): void {
  loaded.clear();
}
