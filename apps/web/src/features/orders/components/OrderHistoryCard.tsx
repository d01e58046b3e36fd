import { type Order, paymentOf } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
import { ButtonLink } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { formatDate, ORDER_HISTORY_DATE_FORMAT } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import type { RouteTarget } from '../../../lib/routes';
import { formatPoints } from '../../cart';
import { detailsTypeOf, hasPendingPickup, itemsOf } from '../order-rules';

/** OrderDetails of an order, with the spec 2.1 query type (products or deals). */
export function orderDetailsTarget(order: Pick<Order, 'id' | 'products'>): RouteTarget {
  return { name: 'OrderDetails', params: { orderId: order.id }, query: { type: detailsTypeOf(order) } };
}

/**
 * One order of the history (spec 2.9): Order #id, the points spent or Paid With Cash, the purchase date,
 * the first item's hero image with +N for the others, View Details and, while an item waits to be picked
 * up, Pending Pickup. Both lead to OrderDetails.
 */
export function OrderHistoryCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const headingId = useId();
  const items = itemsOf(order);
  const first = items[0];
  const more = Math.max(0, items.length - 1);
  const payment = paymentOf(order);
  const date = formatDate(order.purchased_at, ORDER_HISTORY_DATE_FORMAT);
  const target = orderDetailsTarget(order);
  const title = t('orderNumber', { id: order.id });

  return (
    <li aria-labelledby={headingId} className="tp-order-card">
      <div className="tp-order-card-top">
        <div className="tp-order-card-thumb">
          <Image src={heroUrl(first?.media)} alt={first?.name ?? ''} className="tp-thumb" />
          {more > 0 && (
            <span className="tp-order-card-more">
              <span aria-hidden="true">{`+${more}`}</span>
              <span className="tp-sr-only">{t('moreItems', { count: more })}</span>
            </span>
          )}
        </div>
        <div className="tp-order-card-text">
          <h2 id={headingId} className="tp-subtitle1 tp-bold tp-order-card-title">
            {title}
          </h2>
          {/* The contract's one cash rule (decision 0033): Paid With Cash when the order cost money. */}
          {payment.points !== null && <p className="tp-body2 tp-bold">{formatPoints(payment.points)}</p>}
          {payment.paidWithCash && <p className="tp-body2 tp-bold">{t('paidWithCash')}</p>}
          {date && order.purchased_at && (
            <p className="tp-body2 tp-secondary">
              <time dateTime={order.purchased_at}>{date}</time>
            </p>
          )}
        </div>
      </div>
      <div className="tp-order-card-actions">
        {hasPendingPickup(order) && (
          <ButtonLink
            to={target}
            variant="contained"
            aria-label={t('pendingPickupFor', { order: title })}
            className="tp-ro-min-48 tp-order-card-pickup"
          >
            {t('pendingPickup')}
          </ButtonLink>
        )}
        <ButtonLink
          to={target}
          variant="outlined"
          aria-label={t('viewDetailsFor', { order: title })}
          className="tp-ro-min-48"
        >
          {t('viewDetails')}
        </ButtonLink>
      </div>
    </li>
  );
}
