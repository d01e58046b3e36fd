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
  resetCart,
  useCart,
  useCartCount,
} from './cart-store';
export { OrderTimer } from './components/OrderTimer';
export { PickupDetails } from './components/PickupDetails';
export { formatCash, formatPoints } from './format';
