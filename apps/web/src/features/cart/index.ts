/**
 * Public surface of the cart feature (README.md): the client cart state, the cart calls and the shared
 * OrderTimer. ClaimReward and ShippingInfo import from here only.
 */
export {
  CART_FAILED_MESSAGE,
  type CartItemRef,
  type ClaimInput,
  cartErrorMessage,
  cartItemPathType,
  cartOrderQueryKey,
  isOrderExpiredError,
  orderItems,
  SLOT_GONE_MESSAGE,
  type UpdateOrderInput,
  useActiveOrder,
  useClaimReward,
  useCompleteOrder,
  useExpireCartItem,
  useKeepOrderAlive,
  useRemoveCartItem,
  useUpdateOrder,
} from './api/cart';
export { type KnownVenue, useKnownVenue } from './api/venue';
export {
  type CartItem,
  type CartState,
  clearCartSession,
  getCartState,
  holdsItem,
  type PickupSlot,
  resetCart,
  useCart,
  useCartCount,
} from './cart-store';
export { AddressLines } from './components/AddressLines';
export { OrderTimer } from './components/OrderTimer';
export { OrderTotals } from './components/OrderTotals';
export { PickupDetails } from './components/PickupDetails';
export {
  type PickupSlotChoice,
  PickupSlotPicker,
  slotHint,
  usePickupSlot,
} from './components/PickupSlotPicker';
export { formatCash, formatPoints } from './format';
export { formatPickupSlot } from './slot';
