import type { ComponentType } from 'react';
import { importWithTimeout } from '../../lib/lazy';
import type { ModuleProps } from './types';

type ModuleComponent = ComponentType<ModuleProps>;
type ModuleLoader = () => Promise<{ default: ModuleComponent }>;

/**
 * Spec 2.4: every known module type, each in its own lazily loaded chunk (so the initial JS does not grow
 * with the number of module types). Tab and TabsEnd are structure, handled by the grouping; any other
 * type is skipped.
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

/** Loads a module type's chunk with the spec 8 chunk-load timeout. */
export function loadModule(type: KnownModuleType): Promise<{ default: ModuleComponent }> {
  return importWithTimeout(moduleLoaders[type]);
}
