import type {
  AUDIT_SORT_FIELDS,
  AuditQuery,
  DEFAULT_PER_PAGE as ContractDefaultPerPage,
  MAX_PER_PAGE as ContractMaxPerPage,
  ERROR_GROUP_SORT_FIELDS,
  ErrorGroupsQuery,
  FULFILMENT_KINDS,
  FULFILMENT_SORT_FIELDS,
  FulfilmentQuery,
  HOLDER_SORT_FIELDS,
  HolderListQuery,
  INBOX_KINDS,
  INBOX_SORT_FIELDS,
  InboxItemsQuery,
  MESSAGE_SORT_FIELDS,
  MESSAGE_STATUSES,
  MessageListQuery,
} from '@trailpass/contract/console';

/**
 * react-admin's list parameters as the console API's query strings (contract: listQuery, auditQuery).
 * The contract's constants are restated with their types checked against it, so that the client takes
 * only types from it.
 */
const HOLDER_SORTS = [
  'name',
  'email',
  'points',
  'lastSeen',
  'createdAt',
] as const satisfies typeof HOLDER_SORT_FIELDS;
const AUDIT_SORTS = ['at'] as const satisfies typeof AUDIT_SORT_FIELDS;
const FULFILMENT_SORTS = ['claimedAt', 'holder', 'reward'] as const satisfies typeof FULFILMENT_SORT_FIELDS;
export const FULFILMENT_TABS = ['shipped', 'pickup'] as const satisfies typeof FULFILMENT_KINDS;
const MESSAGE_SORTS = ['sendAt', 'createdAt', 'title'] as const satisfies typeof MESSAGE_SORT_FIELDS;
const MESSAGE_STATUS_VALUES = ['scheduled', 'sent', 'cancelled'] as const satisfies typeof MESSAGE_STATUSES;
const INBOX_SORTS = ['createdAt'] as const satisfies typeof INBOX_SORT_FIELDS;
export const INBOX_KIND_VALUES = ['suggestion', 'help'] as const satisfies typeof INBOX_KINDS;
const ERROR_GROUP_SORTS = [
  'lastSeen',
  'firstSeen',
  'count',
] as const satisfies typeof ERROR_GROUP_SORT_FIELDS;
/** The inbox lists' `handled` filter (contract: handledFilter); what still needs someone by default. */
export const HANDLED_VALUES = ['false', 'true', 'all'] as const;
const MAX_PER_PAGE: typeof ContractMaxPerPage = 100;
const DEFAULT_PER_PAGE: typeof ContractDefaultPerPage = 25;

export interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

/** A query value as the server reads it: a trimmed string, or nothing for an empty filter. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Page and page size within the server's bounds (1-based page, 1..MAX_PER_PAGE rows). */
function paging(params: ListParams): { page: number; perPage: number } {
  const page = Math.max(1, Math.floor(params.pagination?.page ?? 1));
  const perPage = Math.min(
    MAX_PER_PAGE,
    Math.max(1, Math.floor(params.pagination?.perPage ?? DEFAULT_PER_PAGE)),
  );
  return { page, perPage };
}

/**
 * Sorting on a column the server sorts on, else none (react-admin's default `id` is not one of them and
 * the server would refuse it).
 */
function sorting<S extends string>(
  params: ListParams,
  allowed: readonly S[],
): { sort?: S; order: 'asc' | 'desc' } {
  const field = params.sort?.field;
  const order = params.sort?.order?.toUpperCase() === 'DESC' ? 'desc' : 'asc';
  return allowed.includes(field as S) ? { sort: field as S, order } : { order };
}

function toSearch(query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

type Wire<T> = { [K in keyof T]?: string | number | undefined };

/** GET /console/api/offers/{offerId}/holders?page&perPage&sort&order&q */
export function holderListSearch(params: ListParams): string {
  const query: Wire<HolderListQuery> = {
    ...paging(params),
    ...sorting(params, HOLDER_SORTS),
    q: text(params.filter?.q),
  };
  return toSearch(query);
}

/**
 * A day picked in a date field (YYYY-MM-DD), as the instant it starts or ends in the browser's time zone,
 * with its offset (the contract wants an ISO date-time with offset).
 */
export function dayBoundary(day: unknown, edge: 'start' | 'end'): string | undefined {
  const value = text(day);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  const instant =
    edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date + 1, 0, 0, 0, -1);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** GET /console/api/partners/{partnerId}/audit?page&perPage&sort&order&action&staffEmail&objectType&from&to */
export function auditListSearch(params: ListParams): string {
  const filter = params.filter ?? {};
  const query: Wire<AuditQuery> = {
    ...paging(params),
    // Newest first unless asked otherwise.
    ...sorting({ sort: params.sort ?? { field: 'at', order: 'DESC' } }, AUDIT_SORTS),
    q: text(filter.q),
    action: text(filter.action),
    staffEmail: text(filter.staffEmail),
    objectType: text(filter.objectType),
    from: dayBoundary(filter.from, 'start'),
    to: dayBoundary(filter.to, 'end'),
  };
  return toSearch(query);
}

/** `value` when it is one of `allowed`, else nothing (the server would refuse it). */
function oneOf<S extends string>(value: unknown, allowed: readonly S[]): S | undefined {
  return allowed.includes(value as S) ? (value as S) : undefined;
}

/** GET /console/api/offers/{offerId}/fulfilment?kind&page&perPage&sort&order&q (oldest claim first). */
export function fulfilmentListSearch(params: ListParams): string {
  const query: Wire<FulfilmentQuery> = {
    kind: oneOf(params.filter?.kind, FULFILMENT_TABS) ?? 'shipped',
    ...paging(params),
    ...sorting({ sort: params.sort ?? { field: 'claimedAt', order: 'ASC' } }, FULFILMENT_SORTS),
    q: text(params.filter?.q),
  };
  return toSearch(query);
}

/** GET /console/api/offers/{offerId}/messages?status&page&perPage&sort&order&q (latest send time first). */
export function messageListSearch(params: ListParams): string {
  const query: Wire<MessageListQuery> = {
    ...paging(params),
    ...sorting({ sort: params.sort ?? { field: 'sendAt', order: 'DESC' } }, MESSAGE_SORTS),
    q: text(params.filter?.q),
    status: oneOf(params.filter?.status, MESSAGE_STATUS_VALUES),
  };
  return toSearch(query);
}

/** GET /console/api/offers/{offerId}/inbox/items?kind&handled&page&perPage&sort&order&q (newest first). */
export function inboxItemsSearch(params: ListParams): string {
  const query: Wire<InboxItemsQuery> = {
    ...paging(params),
    ...sorting({ sort: params.sort ?? { field: 'createdAt', order: 'DESC' } }, INBOX_SORTS),
    q: text(params.filter?.q),
    kind: oneOf(params.filter?.kind, INBOX_KIND_VALUES),
    handled: oneOf(params.filter?.handled, HANDLED_VALUES) ?? 'false',
  };
  return toSearch(query);
}

/**
 * The error reports page's `scope` filter, a provider admin's only: `none` lists the reports sent without an
 * offer (GET /console/api/inbox/errors) instead of the open offer's. It is not a query parameter.
 */
export const ERROR_SCOPE_FILTER = 'scope';
export const OFFERLESS_ERRORS = 'none';

/** True when the error reports page asks for the reports sent without an offer. */
export function offerlessErrors(filter: ListParams['filter']): boolean {
  return filter?.[ERROR_SCOPE_FILTER] === OFFERLESS_ERRORS;
}

/** GET /console/api/offers/{offerId}/inbox/errors?handled&page&perPage&sort&order&q (last seen first). */
export function errorGroupsSearch(params: ListParams): string {
  const query: Wire<ErrorGroupsQuery> = {
    ...paging(params),
    ...sorting({ sort: params.sort ?? { field: 'lastSeen', order: 'DESC' } }, ERROR_GROUP_SORTS),
    q: text(params.filter?.q),
    handled: oneOf(params.filter?.handled, HANDLED_VALUES) ?? 'false',
  };
  return toSearch(query);
}
