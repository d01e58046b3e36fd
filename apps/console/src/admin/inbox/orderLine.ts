import type { InboxOrder } from '@trailpass/contract/console';

const number = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * The order a help request is about, as one line of the inbox:
 * "Order 9003 (completed, Oct 19, 2026): Brew Trail Passport; Harbor Day Package, 40 points, shipped".
 */
export function orderLine(order: InboxOrder): string {
  const items = order.items
    .map((item) =>
      [item.name, item.points ? `${number.format(item.points)} points` : '', item.deliveryMethod ?? '']
        .filter(Boolean)
        .join(', '),
    )
    .join('; ');
  const placed = Number.isNaN(Date.parse(order.createdAt))
    ? ''
    : `, ${day.format(new Date(order.createdAt))}`;
  return `Order ${order.id} (${order.status}${placed})${items ? `: ${items}` : ''}`;
}
