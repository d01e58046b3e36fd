import {
  type CreateHolderRequest,
  consolePaths,
  type HolderDetail,
  type PassLinkEmailed,
  type PassLinkIssued,
  type PointsAdjustmentRequest,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';

/** The console's holder calls beyond react-admin's list and show (contract: holders.ts, paths.ts). */
interface HolderRef {
  offerId: number;
  holderId: number;
}

export function createHolder(offerId: number, body: CreateHolderRequest): Promise<HolderDetail> {
  return apiRequest(fillPath(consolePaths.holders, { offerId }), { method: 'POST', body });
}

export function adjustPoints(ref: HolderRef, body: PointsAdjustmentRequest): Promise<unknown> {
  return apiRequest(fillPath(consolePaths.holderPoints, { ...ref }), { method: 'POST', body });
}

/** Mints a link, or rotates the current one: the old link and the holder's sessions end at once. */
export function issueLink(ref: HolderRef): Promise<PassLinkIssued> {
  return apiRequest(fillPath(consolePaths.holderLink, { ...ref }), { method: 'POST', body: {} });
}

export function revokeLink(ref: HolderRef): Promise<void> {
  return apiRequest(fillPath(consolePaths.holderLink, { ...ref }), { method: 'DELETE' });
}

/** Mints a new link and e-mails it to the holder (the old one stops working); the token is not shown. */
export function emailLink(ref: HolderRef): Promise<PassLinkEmailed> {
  return apiRequest(fillPath(consolePaths.holderLinkEmail, { ...ref }), { method: 'POST', body: {} });
}
