import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiPaths, type Order, type OrderHistory, orderHistoryRead } from '@trailpass/contract';
import { apiPath, apiRequest, isApiError } from '../../../lib/api-client';
import { bootInitialData, refetchOnMountUnlessEmbedded } from '../../../lib/boot-reads';
import { getToken, setOrders } from '../../../lib/session';

/** Whose orders: the holder and their offer. */
export interface OrdersRef {
  partnerUserId: number;
  offerId: number;
}

/** Every orders query's key starts here, so a confirmed pickup or a new address refreshes them all. */
export const ORDERS_ROOT = 'orders';

export function orderHistoryQueryOptions(ref: OrdersRef, token: string | null = getToken()) {
  return infiniteQueryOptions({
    queryKey: [ORDERS_ROOT, token, ref.partnerUserId, 'history', ref.offerId] as const,
    // Spec 9: order history display 20, page 1; later pages only when the holder asks for them.
    initialPageParam: 1,
    // The contract's form of the call, by which the server embeds the first page (decision 0026).
    queryFn: ({ pageParam, signal }) => {
      const read = orderHistoryRead(ref, pageParam);
      return apiRequest<OrderHistory>(read.path, { query: read.query, signal });
    },
    ...bootInitialData<OrderHistory, InfiniteData<OrderHistory, number>>(orderHistoryRead(ref, 1), token, {
      wrap: (page) => ({ pages: [page], pageParams: [1] }),
    }),
    refetchOnMount: refetchOnMountUnlessEmbedded,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? last.page + 1 : undefined;
    },
  });
}

/** GET …/orders (spec 7 Order history): the holder's orders on the offer, a page of 20 at a time. */
export function useOrderHistory(ref: OrdersRef | null) {
  return useInfiniteQuery({
    ...orderHistoryQueryOptions(ref ?? { partnerUserId: 0, offerId: 0 }),
    enabled: ref !== null,
  });
}

export function orderQueryOptions(
  ref: Pick<OrdersRef, 'partnerUserId'>,
  orderId: number,
  token: string | null = getToken(),
) {
  return queryOptions({
    queryKey: [ORDERS_ROOT, token, ref.partnerUserId, 'order', orderId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Order>(apiPath(apiPaths.order, { id: ref.partnerUserId, orderId }), { signal }),
    // Another holder's order, or none: asking again will not change the answer.
    retry: (failures, error) => !isApiError(error, 404) && failures < 2,
  });
}

/** The order as the history already holds it, shown at once while the full answer loads. */
function orderFromHistory(
  queryClient: QueryClient,
  partnerUserId: number,
  orderId: number,
): Order | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<OrderHistory>>({
    queryKey: [ORDERS_ROOT, getToken(), partnerUserId, 'history'],
  });
  for (const [, list] of lists) {
    for (const page of list?.pages ?? []) {
      const found = page.data.find((order) => order.id === orderId);
      if (found) return found;
    }
  }
  return undefined;
}

/** GET …/orders/{orderId} (spec 7 Order): one of the holder's orders. */
export function useOrder(partnerUserId: number | null, orderId: number | null) {
  const queryClient = useQueryClient();
  const enabled = partnerUserId !== null && orderId !== null;
  return useQuery({
    ...orderQueryOptions({ partnerUserId: partnerUserId ?? 0 }, orderId ?? 0),
    enabled,
    placeholderData: () => (enabled ? orderFromHistory(queryClient, partnerUserId, orderId) : undefined),
  });
}

/** Spec 1: the session keeps its orders (ids and status) beside the cart. */
export function rememberOrders(orders: readonly Pick<Order, 'id' | 'status'>[]): void {
  setOrders(orders.map(({ id, status }) => ({ id, status })));
}

/** Applies a change to every cached copy of one order: its own query and the history pages. */
export function updateCachedOrder(
  queryClient: QueryClient,
  partnerUserId: number,
  orderId: number,
  change: (order: Order) => Order,
): void {
  const token = getToken();
  queryClient.setQueriesData<Order>(
    { queryKey: [ORDERS_ROOT, token, partnerUserId, 'order', orderId] },
    (order) => (order ? change(order) : order),
  );
  queryClient.setQueriesData<InfiniteData<OrderHistory>>(
    { queryKey: [ORDERS_ROOT, token, partnerUserId, 'history'] },
    (list) =>
      list && {
        ...list,
        pages: list.pages.map((page) => ({
          ...page,
          data: page.data.map((order) => (order.id === orderId ? change(order) : order)),
        })),
      },
  );
}

export function refreshOrders(queryClient: QueryClient, partnerUserId: number): void {
  void queryClient.invalidateQueries({ queryKey: [ORDERS_ROOT, getToken(), partnerUserId] });
}
