import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate, ORDER_HISTORY_DATE_FORMAT } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { AppLink } from '../../../lib/navigation';
import type { RouteTarget } from '../../../lib/routes';
import { formatPoints } from '../../cart';
import { detailsTypeOf, hasPendingPickup, itemsOf, PAID_WITH_CASH, paymentOf } from '../order-rules';

export const PENDING_PICKUP_LABEL = 'Pending Pickup';
export const VIEW_DETAILS_LABEL = 'View Details';

/** OrderDetails of an order, with the spec 2.1 query type (products or deals). */
export function orderDetailsTarget(order: Pick<Order, 'id' | 'products'>): RouteTarget {
  return { name: 'OrderDetails', params: { orderId: order.id }, query: { type: detailsTypeOf(order) } };
}

const moreItems = (count: number) => `and ${count} more ${count === 1 ? 'item' : 'items'}`;

/**
 * One order of the history (spec 2.9): Order #id, the points spent or Paid With Cash, the purchase date,
 * the first item's hero image with +N for the others, View Details and, while an item waits to be picked
 * up, Pending Pickup. Both lead to OrderDetails.
 */
export function OrderHistoryCard({ order }: { order: Order }) {
  const headingId = useId();
  const items = itemsOf(order);
  const first = items[0];
  const more = Math.max(0, items.length - 1);
  const payment = paymentOf(order);
  const date = formatDate(order.purchased_at, ORDER_HISTORY_DATE_FORMAT);
  const target = orderDetailsTarget(order);
  const title = `Order #${order.id}`;

  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ position: 'relative', flexShrink: 0, width: 72, height: 72 }}>
          <Image
            src={heroUrl(first?.media)}
            alt={first?.name ?? ''}
            className="tp-thumb"
          />
          {more > 0 && (
            <Box
              sx={{
                position: 'absolute',
                right: 4,
                bottom: 4,
                px: 0.75,
                borderRadius: 1,
                bgcolor: 'rgba(0, 0, 0, 0.72)',
                color: '#fff',
                fontSize: '0.8125rem',
                fontWeight: 600,
                lineHeight: 1.6,
              }}
            >
              <span aria-hidden="true">{`+${more}`}</span>
              <Box component="span" sx={visuallyHidden}>
                {moreItems(more)}
              </Box>
            </Box>
          )}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
          >
            {title}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {payment.kind === 'cash' ? PAID_WITH_CASH : formatPoints(payment.points)}
          </Typography>
          {date && order.purchased_at && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <time dateTime={order.purchased_at}>{date}</time>
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {hasPendingPickup(order) && (
          <Button
            component={AppLink}
            to={target}
            variant="contained"
            color="warning"
            aria-label={`${PENDING_PICKUP_LABEL}, ${title}`}
            sx={{ minHeight: 48 }}
          >
            {PENDING_PICKUP_LABEL}
          </Button>
        )}
        <Button
          component={AppLink}
          to={target}
          variant="outlined"
          aria-label={`${VIEW_DETAILS_LABEL}, ${title}`}
          sx={{ minHeight: 48 }}
        >
          {VIEW_DETAILS_LABEL}
        </Button>
      </Box>
    </Box>
  );
}
