import type {
  AssignmentResponse,
  AssignmentVenue,
  Category,
  DataResponse,
  DealSummary,
  LatLng,
  MediaItem,
  PackageItem,
  Perk,
  PollSummary,
  Product,
  RewardItem,
} from '@trailpass/contract';
import { createContext, useContext } from 'react';

/** The kind of page a module list is shown on (spec 2.4). */
export type ModulePageKind = 'experiences' | 'explore' | 'deal' | 'venue' | 'product';

/** The assignment's data map, indexed by id for the modules' lookups. */
export interface AssignmentIndex {
  venues: Map<number, AssignmentVenue>;
  categories: Map<number, Category>;
  media: Map<number, MediaItem>;
  deals: Map<number, DealSummary>;
  products: Map<number, Product>;
  packages: Map<number, PackageItem>;
  rewardItems: Map<number, RewardItem>;
  perks: Map<number, Perk>;
  polls: Map<number, PollSummary>;
}

function byId<T extends { id: number }>(records: readonly T[]): Map<number, T> {
  return new Map(records.map((record) => [record.id, record]));
}

export function indexAssignment(assignment: AssignmentResponse): AssignmentIndex {
  const { data } = assignment;
  return {
    venues: byId(data.venues),
    categories: byId(data.categories),
    media: byId(data.media),
    deals: byId(data.deals),
    products: byId(data.products),
    packages: byId(data.packages),
    rewardItems: byId(data.rewardItems),
    perks: byId(data.perks),
    polls: byId(data.polls),
  };
}

/** What every module of a page can read: the page, its entity ids, the data and the user's location. */
export interface ModulePageContext {
  page: ModulePageKind;
  /** The initial data (/data): offer, partner, user, orders, points. */
  appData: DataResponse;
  assignment: AssignmentResponse;
  index: AssignmentIndex;
  /** The page's deal (Deal, DealVenue, Deal…Product routes, or query dealId on Experiences). */
  dealId: number | null;
  venueId: number | null;
  productId: number | null;
  /** The user's location when known (spec 4 Location); distances follow it. */
  location: LatLng | null;
}

const ModuleContext = createContext<ModulePageContext | null>(null);
export const ModuleContextProvider = ModuleContext.Provider;

export function useModuleContext(): ModulePageContext {
  const value = useContext(ModuleContext);
  if (!value) throw new Error('useModuleContext must be used inside a ModuleContextProvider.');
  return value;
}

/** The page's own records, when they are in the data map. */
export function usePageEntities() {
  const { index, dealId, venueId, productId } = useModuleContext();
  return {
    deal: dealId === null ? null : (index.deals.get(dealId) ?? null),
    venue: venueId === null ? null : (index.venues.get(venueId) ?? null),
    product: productId === null ? null : (index.products.get(productId) ?? null),
  };
}
