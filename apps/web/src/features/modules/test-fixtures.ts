/**
 * Test fixtures for module pages: assignment responses built by hand or taken from the demo dataset, and a
 * renderer that puts a module tree inside the module context (the page's job in the app). Tests only.
 */
import type {
  AssignmentData,
  AssignmentResponse,
  AssignmentType,
  AssignmentVenue,
  Category,
  DataResponse,
  DealSummary,
  LatLng,
  MediaItem,
  PageModule,
  Product,
} from '@trailpass/contract';
import { isFixedShowcase } from '@trailpass/contract';
import { createElement, type ReactNode } from 'react';
import demoDocument from '../../../../../demo/pass-demo.json';
import { makeData, makeDeal } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import {
  indexAssignment,
  ModuleContextProvider,
  type ModulePageContext,
  type ModulePageKind,
} from './context';

// ---------------------------------------------------------------------------------------------------
// Hand-built records

export function makeModule(overrides: Partial<PageModule> & Pick<PageModule, 'id'>): PageModule {
  return {
    type: 'Html',
    name: `Module ${overrides.id}`,
    sort_order: 0,
    data: {},
    settings: null,
    assignment: 'offer',
    isFixed: false,
    opacity: 1,
    ...overrides,
  };
}

/** A Tab module: label and key come from its settings (spec 2.4). */
export function makeTab(id: number, label: string | null, notes: string | null = null): PageModule {
  const settings: NonNullable<PageModule['settings']> = {};
  if (label !== null) settings.label = label;
  if (notes !== null) settings.notes = notes;
  return makeModule({ id, type: 'Tab', name: `Tab: ${label ?? id}`, settings });
}

export function makeTabsEnd(id: number): PageModule {
  return makeModule({ id, type: 'TabsEnd', name: 'End of tabs' });
}

export function makeMedia(overrides: Partial<MediaItem> & Pick<MediaItem, 'id'>): MediaItem {
  return { location: null, name: null, url: `/pass/media/image-${overrides.id}.svg`, ...overrides };
}

export function makeVenue(overrides: Partial<AssignmentVenue> = {}): AssignmentVenue {
  return {
    id: 301,
    name: 'Anchor & Oar Brewing',
    address: null,
    google_place_id: null,
    latitude: null,
    longitude: null,
    phone: null,
    website: null,
    description: null,
    short_description: null,
    categories: [],
    media: [],
    opening_hours: null,
    custom_fields: null,
    products: [],
    miles: null,
    hasSomeRedemption: false,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 504,
    offer_id: 101,
    deal_id: 201,
    venue_id: 301,
    name: 'Free Tasting Flight',
    type: 'ticket',
    redemptions: 1,
    repeat: false,
    repeat_delay: null,
    repeat_delay_type: null,
    points_to_be_earned: 0,
    settings: null,
    ticket_settings: null,
    information: null,
    short_information: null,
    restrictions: null,
    frequency: null,
    description: null,
    short_description: null,
    media: [],
    custom_fields: null,
    venueName: 'Anchor & Oar Brewing',
    redeemedCount: 0,
    unRedeemedCount: 0,
    ...overrides,
  };
}

export function makeDealSummary(overrides: Partial<DealSummary> = {}): DealSummary {
  // The /data deal without the signed-in user's orders and points (contract dealSummary).
  const {
    order_deals: _orders,
    current_points: _points,
    next_points_expiration: _expiry,
    ...summary
  } = makeDeal();
  return { ...summary, ...overrides };
}

export function emptyAssignmentData(): AssignmentData {
  return {
    venues: [],
    categories: [],
    media: [],
    deals: [],
    products: [],
    packages: [],
    rewardItems: [],
    perks: [],
    polls: [],
  };
}

/** An assignment response with these modules and data-map lists (the rest empty). */
export function makeAssignment(
  modules: PageModule[],
  data: Partial<AssignmentData> = {},
  type: AssignmentType = 'offer',
  assignmentId = 101,
): AssignmentResponse {
  return {
    assignment: { id: 3900, type, assignmentId, location: 'pass', unregistered: false },
    modules,
    data: { ...emptyAssignmentData(), ...data },
  };
}

// ---------------------------------------------------------------------------------------------------
// The demo dataset (demo/pass-demo.json), shaped as the server would answer

interface DemoModule {
  id: number;
  type: string | null;
  name: string;
  sort_order: number;
  data: Record<string, unknown>;
  settings?: { label?: string; notes?: string } | null;
}
interface DemoAssignment {
  id: number;
  type: AssignmentType;
  assignmentId: number;
  location: string;
  unregistered: boolean;
  modules: number[];
}
type DemoRecord = Record<string, unknown> & { id: number };
interface DemoDocument {
  modules: DemoModule[];
  assignments: DemoAssignment[];
  venues: DemoRecord[];
  products: DemoRecord[];
  deals: DemoRecord[];
  categories: Category[];
}

const demo = demoDocument as unknown as DemoDocument;

/** `@now±Nd|h|m` as the importer resolves it (demo README, Conventions), against the test's clock. */
function resolveDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^@now(?:([+-])(\d+)([mhd]))?$/.exec(value);
  if (!match) return value;
  const [, sign, amount, unit] = match;
  const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[unit ?? 'm'] ?? 0;
  const offset = sign ? (sign === '-' ? -1 : 1) * Number(amount) * unitMs : 0;
  return new Date(Date.now() + offset).toISOString();
}

/** `media/<file>` is served as `/pass/media/<file>` (README, Importing). */
function mediaUrlOf(url: string): string {
  return url.startsWith('media/') ? `/pass/${url}` : url;
}

function demoMedia(record: DemoRecord): MediaItem[] {
  const media = (record.media ?? []) as MediaItem[];
  return media.map((item) => ({ ...item, url: mediaUrlOf(item.url) }));
}

function demoRecord<T extends DemoRecord>(list: T[], id: number, kind: string): T {
  const record = list.find((item) => item.id === id);
  if (!record) throw new Error(`The demo has no ${kind} ${id}.`);
  return record;
}

/** A demo product with its derived fields (venueName; no redemptions unless given). */
export function demoProduct(id: number, overrides: Partial<Product> = {}): Product {
  const record = demoRecord(demo.products, id, 'product');
  const venue = demo.venues.find((item) => item.id === record.venue_id);
  return makeProduct({
    ...(record as unknown as Partial<Product>),
    media: demoMedia(record),
    venueName: (venue?.name as string | undefined) ?? null,
    ...overrides,
  });
}

/** A demo venue with its derived fields (products of the offer's deals at the venue, no distance). */
export function demoVenue(id: number, overrides: Partial<AssignmentVenue> = {}): AssignmentVenue {
  const { pin: _pin, ...record } = demoRecord(demo.venues, id, 'venue');
  return makeVenue({
    ...(record as unknown as Partial<AssignmentVenue>),
    media: demoMedia(record as DemoRecord),
    products: demo.products
      .filter((product) => product.venue_id === id && product.offer_id === 101)
      .map((product) => product.id),
    ...overrides,
  });
}

export function demoDeal(id: number, overrides: Partial<DealSummary> = {}): DealSummary {
  const record = demoRecord(demo.deals, id, 'deal');
  return makeDealSummary({
    ...(record as unknown as Partial<DealSummary>),
    points_valid_until: resolveDate(record.points_valid_until) as string | null,
    media: demoMedia(record),
    totalProductsCount: demo.products.filter((product) => product.deal_id === id).length,
    ...overrides,
  });
}

export function demoCategories(): Category[] {
  return demo.categories.map((category) => ({ ...category }));
}

/** The modules of a demo assignment, in order, with the derived fields the server adds. */
export function demoModules(
  assignmentType: AssignmentType,
  assignmentId: number,
  location = 'pass',
): PageModule[] {
  const assignment = demo.assignments.find(
    (item) =>
      item.type === assignmentType &&
      item.assignmentId === assignmentId &&
      item.location === location &&
      !item.unregistered,
  );
  if (!assignment)
    throw new Error(`The demo has no ${assignmentType} ${assignmentId} assignment at ${location}.`);
  return assignment.modules.map((moduleId) => {
    const module = demoRecord(demo.modules as (DemoModule & DemoRecord)[], moduleId, 'module');
    return {
      id: module.id,
      type: module.type,
      name: module.name,
      sort_order: module.sort_order,
      data: structuredClone(module.data),
      settings: module.settings ?? null,
      assignment: assignmentType,
      isFixed: isFixedShowcase(module.type, module.sort_order, assignmentType),
      opacity: 1,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Rendering inside a module context

export interface ModuleRenderOptions {
  assignment?: AssignmentResponse;
  page?: ModulePageKind;
  appData?: DataResponse;
  dealId?: number | null;
  venueId?: number | null;
  productId?: number | null;
  location?: LatLng | null;
  url?: string;
}

export function moduleContext(options: ModuleRenderOptions = {}): ModulePageContext {
  const assignment = options.assignment ?? makeAssignment([]);
  return {
    page: options.page ?? 'experiences',
    appData: options.appData ?? makeData(),
    assignment,
    index: indexAssignment(assignment),
    dealId: options.dealId ?? null,
    venueId: options.venueId ?? null,
    productId: options.productId ?? null,
    location: options.location ?? null,
  };
}

/** Renders module UI inside the router, the query client (data loaded) and a module context. */
export function renderWithModuleContext(ui: ReactNode, options: ModuleRenderOptions = {}) {
  const context = moduleContext(options);
  const utils = renderPage(createElement(ModuleContextProvider, { value: context }, ui), {
    data: context.appData,
    url: options.url ?? '/pass/experiences?t=tok',
  });
  return { ...utils, context };
}
