import type { DataResponse } from '@trailpass/contract';
import { useState } from 'react';
import { isLoggedIn, isPreview } from '../app-data';
import { chooseOrderProduct, redeemBlockOf } from './redeemable';

/** Whether a signed-in holder (not a preview) can redeem one of their order products of the product now. */
export function canRedeemProduct(
  appData: DataResponse,
  productId: number,
  now: number = Date.now(),
): boolean {
  if (!isLoggedIn(appData) || isPreview(appData)) return false;
  return chooseOrderProduct(appData, productId, now)?.block === null;
}

/** Whether the holder can redeem this one order product now. */
export function canRedeemOrderProduct(
  appData: DataResponse,
  orderProductId: number,
  now: number = Date.now(),
): boolean {
  if (!isLoggedIn(appData) || isPreview(appData)) return false;
  const orderProduct = appData.order_products.find((item) => item.id === orderProductId);
  return orderProduct !== undefined && redeemBlockOf(appData, orderProduct, now) === null;
}

/**
 * True from the first time `offered` is true: a card keeps its redeem action once shown, so the success
 * line stays after the redemption makes the product unavailable (it would vanish with the button).
 */
export function useOfferedOnce(offered: boolean): boolean {
  const [seen, setSeen] = useState(offered);
  if (offered && !seen) setSeen(true);
  return offered || seen;
}
