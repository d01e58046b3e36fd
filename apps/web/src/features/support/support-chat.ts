import { APP_BASE, type DataResponse } from '@trailpass/contract';
import { pathFor } from '../../lib/routes';

/**
 * The support chat (spec 2.11 Request Support, 2.16 Chat with us now) is an adapter: a third-party chat
 * widget can be plugged in with setSupportChatWidget; without one (this build has none, and the CSP lets
 * no third-party script in) both buttons open the Need Help form, so they always lead somewhere useful.
 */

/** Spec 2.16 and 7: what the widget is configured with. */
export interface SupportChatContext {
  /** Spec 6: a signed-in holder is a Passholder for the widget. */
  user: { id: number; name: string; email: string; role: 'Passholder' };
  partner: { id: number; name: string };
  offerId: number;
  deals: { id: number; name: string }[];
  /** Products sold outside any deal (deal_id 0). */
  products: { id: number; name: string }[];
  /**
   * The holder's order history in the app, for the support agent. Without the pass token: that link
   * signs in as the holder, and must never reach a third party.
   */
  orderLink: string;
}

export interface SupportChatWidget {
  /** Spec 2.16: the page starts the widget with the holder's details. */
  start(context: SupportChatContext): void;
  /** The open-chat action. */
  open(): void;
}

let widget: SupportChatWidget | null = null;

/** Plugs a chat widget in (or takes it out with null). */
export function setSupportChatWidget(next: SupportChatWidget | null): void {
  widget = next;
}

export function supportChatWidget(): SupportChatWidget | null {
  return widget;
}

/** The widget's settings for a signed-in holder; null for anyone else (they have no chat). */
export function supportChatContext(
  data: DataResponse,
  origin: string = window.location.origin,
): SupportChatContext | null {
  const user = data.partner_user;
  if (!user || !data.offer) return null;
  return {
    user: { id: user.id, name: user.name, email: user.email, role: 'Passholder' },
    partner: { id: data.offer.partner_id, name: data.partner?.name ?? '' },
    offerId: data.offer.id,
    deals: data.deals.map((deal) => ({ id: deal.id, name: deal.name })),
    products: data.products
      .filter((product) => product.deal_id === 0)
      .map((product) => ({ id: product.id, name: product.name })),
    orderLink: `${origin}${APP_BASE}${pathFor('OrderHistory')}`,
  };
}
