import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type DistributionRequest,
  type DistributionResponse,
  type Order,
  type OrderItem,
  type RedeemedOrderItem,
} from '@trailpass/contract';
import { apiPath, apiRequest, isApiError } from '../../../lib/api-client';
import { useRedeem } from '../../redeem/api/redeem';
import { distributionItemType, withItemConfirmed } from '../order-rules';
import { refreshOrders, updateCachedOrder } from './orders';

// The changes an order's details page makes, apart from the order reads (orders.ts): the pickup is confirmed
// through the redeem feature, so a page that only lists orders (OrderHistory) does not load redeem's code.

/**
 * Confirms a pickup through the redeem feature (one PIN pad, one set of rules; decision 0015). The
 * confirmed item is marked redeemed in every cached copy of its order at once, the orders are read again,
 * and `onConfirmed` gets the item (spec 4: then the completion modal shows).
 */
export function useConfirmPickup(options: { onConfirmed?: (item: RedeemedOrderItem) => void } = {}) {
  const queryClient = useQueryClient();
  const { onConfirmed } = options;
  return useRedeem({
    onSuccess: (result, { target }) => {
      if (target.kind !== 'pickup') return;
      const confirmed =
        result.order_items.find((item) => item.id === target.orderItemId) ?? result.order_items[0];
      if (confirmed) {
        updateCachedOrder(queryClient, target.partnerUserId, confirmed.order_id, (order) =>
          withItemConfirmed(order, confirmed),
        );
        onConfirmed?.(confirmed);
      }
      refreshOrders(queryClient, target.partnerUserId);
    },
    onError: (error, { target }) => {
      // Already confirmed elsewhere, or no longer the holder's: show the order as it is now.
      if (target.kind === 'pickup' && isApiError(error) && [404, 409].includes(error.status)) {
        refreshOrders(queryClient, target.partnerUserId);
      }
    },
  });
}

export interface ChangeRecipientInput {
  partnerUserId: number;
  order: Pick<Order, 'id'>;
  item: Pick<OrderItem, 'id' | 'type'>;
  /**
   * The recipient, or `distribute: false` to ship to the holder, with `customer` when the holder's own
   * address for the order changes.
   */
  change: DistributionRequest;
}

/**
 * PUT …/orders/{orderId}/{itemType}/{itemId}/distribution (spec 7 Distribution, decision 0017): where a
 * completed order's shipped item goes, while it has not been sent. The answer is stored on the cached
 * order at once, then the orders are read again.
 */
export function useChangeRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerUserId, order, item, change }: ChangeRecipientInput) => {
      const body: DistributionRequest = change;
      return apiRequest<DistributionResponse>(
        apiPath(apiPaths.distribution, {
          id: partnerUserId,
          orderId: order.id,
          itemType: distributionItemType(item),
          itemId: item.id,
        }),
        { method: 'PUT', body },
      );
    },
    onSuccess: (answer, { partnerUserId, order }) => {
      updateCachedOrder(queryClient, partnerUserId, order.id, (cached) => ({
        ...cached,
        distribute: answer.distribute,
        customer: answer.customer,
      }));
      refreshOrders(queryClient, partnerUserId);
    },
  });
}
