import {
  type DataResponse,
  DEFAULT_PRIMARY_COLOUR,
  type Deal,
  HEX_COLOUR_PATTERN,
  isGamified,
} from '@trailpass/contract';
import { mediaUrl } from '../../lib/media';

/** Spec 9: partner id with special Check-In labelling. */
export const CHECK_IN_PARTNER_ID = 942;

export function isLoggedIn(data: DataResponse): boolean {
  return data.partner_user !== null;
}

/** A preview link, or an unregistered venue link: the contract's rules, which the server reads pages by too. */
export { isPreviewPass as isPreview, isUnregisteredPass as isUnregistered } from '@trailpass/contract';

export interface PreviewInfo {
  type: 'product' | 'venue' | null;
  typeId: number | null;
  dealId: number | null;
}

export function previewInfo(data: DataResponse): PreviewInfo {
  return {
    type: data.preview_type ?? data.offer?.previewType ?? null,
    typeId: data.preview_type_id ?? data.offer?.previewTypeId ?? null,
    dealId: data.preview_deal_id ?? data.offer?.previewDealId ?? null,
  };
}

export function gamifiedDealsWithOrders(data: DataResponse): Deal[] {
  return data.deals.filter((deal) => isGamified(deal, data.offer) && deal.order_deals.length > 0);
}

/** Spec 2.3 and 2.11: Rewards shows when the offer uses points or gamified deals with orders exist. */
export function showsRewards(data: DataResponse): boolean {
  return data.offer?.use_points === true || gamifiedDealsWithOrders(data).length > 0;
}

export function isCheckInPartner(data: DataResponse): boolean {
  return (data.partner?.id ?? data.offer?.partner_id) === CHECK_IN_PARTNER_ID;
}

function validColour(colour: string | null | undefined): string | null {
  return colour && HEX_COLOUR_PATTERN.test(colour) ? colour : null;
}

/** Offer colour, else partner colour, else #006AAF; anything but 6 hex digits is ignored (spec 5). */
export function primaryColour(data: DataResponse | undefined): string {
  return (
    validColour(data?.offer?.styles?.colors.primary.main) ??
    validColour(data?.partner?.styles?.colors.primary.main) ??
    DEFAULT_PRIMARY_COLOUR
  );
}

/** Top-bar logo: offer HorizontalLogo, else partner HorizontalLogo, else partner Logo. */
export function headerLogoUrl(data: DataResponse): string | null {
  return (
    mediaUrl('HorizontalLogo', data.offer?.media, data.partner?.media) ??
    mediaUrl('Logo', data.partner?.media) ??
    data.partner?.logo ??
    null
  );
}

/** Login page background and logo (spec 2.13): the contract's rule, which the server names the logo by. */
export { loginMedia } from '@trailpass/contract';

export function passName(data: DataResponse): string {
  return data.offer?.name ?? data.partner?.name ?? 'Trailpass';
}
