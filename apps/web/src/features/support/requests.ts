import type {
  DataResponse,
  Deal,
  NeedHelpRequest,
  SUGGESTION_PRIORITIES,
  SuggestionRequest,
} from '@trailpass/contract';

/** Spec 2.16 Need Help choices: My Account, each deal's name, Other. */
export const MY_ACCOUNT_OPTION = 'My Account';
export const OTHER_OPTION = 'Other';

export interface NeedHelpOption {
  /** The select's value (deal names may repeat; ids do not). */
  value: string;
  /** What the holder sees, and what is sent as itemSelected. */
  label: string;
  dealId: number | null;
}

export function needHelpOptions(deals: readonly Pick<Deal, 'id' | 'name'>[]): NeedHelpOption[] {
  return [
    { value: 'account', label: MY_ACCOUNT_OPTION, dealId: null },
    ...deals.map((deal) => ({ value: `deal-${deal.id}`, label: deal.name, dealId: deal.id })),
    { value: 'other', label: OTHER_OPTION, dealId: null },
  ];
}

/**
 * Spec 7: orderId is the last order id of the chosen deal, or of the last deal when none matches (My
 * Account, Other). Null when that deal has no order.
 */
export function needHelpOrderId(
  deals: readonly Pick<Deal, 'id' | 'order_deals'>[],
  dealId: number | null,
): number | null {
  const chosen = dealId === null ? undefined : deals.find((deal) => deal.id === dealId);
  const deal = chosen ?? deals.at(-1);
  return deal?.order_deals.at(-1)?.order_id ?? null;
}

/** The ids every support call carries: the session's holder, offer and the offer's partner. */
interface Sender {
  partnerUserId: number;
  partnerId: number;
  partnerName: string;
  offerId: number;
}

export function senderOf(data: DataResponse): Sender | null {
  if (!data.partner_user || !data.offer) return null;
  return {
    partnerUserId: data.partner_user.id,
    partnerId: data.offer.partner_id,
    partnerName: (data.partner?.name ?? '').slice(0, 200),
    offerId: data.offer.id,
  };
}

/** POST .../needHelp body (spec 7): question, itemSelected, partnerName, partnerId, partnerUserId, orderId. */
export function needHelpRequest(
  sender: Sender,
  deals: readonly Pick<Deal, 'id' | 'order_deals'>[],
  option: NeedHelpOption,
  question: string,
): NeedHelpRequest {
  return {
    question: question.trim(),
    itemSelected: option.label,
    partnerName: sender.partnerName,
    partnerId: sender.partnerId,
    partnerUserId: sender.partnerUserId,
    orderId: needHelpOrderId(deals, option.dealId),
  };
}

export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];

/** POST .../suggestions body (spec 7): suggestion, priority, contactPermission, partnerName, ids. */
export function suggestionRequest(
  sender: Sender,
  form: { suggestion: string; priority: SuggestionPriority; contactPermission: boolean },
): SuggestionRequest {
  return {
    suggestion: form.suggestion.trim(),
    priority: form.priority,
    contactPermission: form.contactPermission ? 1 : 0,
    partnerName: sender.partnerName,
    offerId: sender.offerId,
    partnerId: sender.partnerId,
    partnerUserId: sender.partnerUserId,
  };
}
