import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  addressLines,
  type CartOrder,
  type CompletionBlock,
  completionBlock,
  type DataResponse,
  type OrderItem,
} from '@trailpass/contract';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Image } from '../../../components/Image';
import { PageHeading } from '../../../components/PageHeading';
import { RetryAlert } from '../../../components/ui';
import { englishText, type TFunction, useTranslation } from '../../../i18n';
import { heroUrl } from '../../../lib/media';
import { AppLink, useAppHref } from '../../../lib/navigation';
import { useAppData } from '../../app-data';
import { usePointsCurrent } from '../../points';
import { useRewardAvailability } from '../api/availability';
import {
  cartErrorMessage,
  orderItems,
  SlotGoneError,
  useActiveOrder,
  useCompleteOrder,
  useRemoveCartItem,
} from '../api/cart';
import { type CartItem, clearCartSession, type PickupSlot, useCart } from '../cart-store';
import { formatPoints } from '../format';
import { formatPickupSlot } from '../slot';
import { AddressLines } from './AddressLines';
import { OrderTimer } from './OrderTimer';
import { OrderTotals } from './OrderTotals';
import { PickupDetails } from './PickupDetails';

// The English texts (the spec's), for the tests; the page shows them through the catalogue.
export const EMPTY_BAG_MESSAGE = englishText('cart:emptyBag');
export const ORDER_RECEIVED_MESSAGE = englishText('cart:orderReceived');
export const CHOOSE_SLOT_MESSAGE = englishText('cart:chooseSlot');
/** Spec 9: redirect after order completion. */
export const COMPLETION_REDIRECT_MS = 2000;

/** The full reload after completing (spec 4); replaceable in tests, where jsdom cannot reload. */
export const completionReload = { reload: () => window.location.reload() };

function pointsFromData(data: DataResponse | undefined, dealId: number | null): number {
  if (!data) return 0;
  const deal = dealId === null ? undefined : data.deals.find((candidate) => candidate.id === dealId);
  return deal?.current_points ?? data.current_points;
}

/** My Bag (spec 2.8): the cart's order, its totals, and Complete Order. */
export default function ReviewOrderPage() {
  const { t } = useTranslation('cart');
  const { data } = useAppData();
  const cart = useCart();
  const active = useActiveOrder();
  const [completed, setCompleted] = useState<Completed | null>(null);

  if (completed) {
    return <OrderReview order={completed.order} data={data} storedItem={completed.item} completedOrder />;
  }
  if (cart.orderId === null || cart.item === null) return <EmptyBag data={data} />;
  const order = active.data?.order;
  if (!order) {
    if (active.isError) {
      return (
        <Box sx={{ p: 2 }}>
          <PageHeading>{t('myBag')}</PageHeading>
          <RetryAlert onRetry={() => void active.refetch()} retrying={active.isFetching}>
            {t('bagFailed')}
          </RetryAlert>
        </Box>
      );
    }
    return (
      <Box role="status" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>{t('loadingBag')}</Typography>
      </Box>
    );
  }
  if (orderItems(order).length === 0) return <EmptyBag data={data} />;
  return <OrderReview order={order} data={data} storedItem={cart.item} onCompleted={setCompleted} />;
}

/** What My Bag keeps on screen under the modal once the cart has been reset. */
interface Completed {
  order: CartOrder;
  item: CartItem | null;
}

function EmptyBag({ data }: { data: DataResponse | undefined }) {
  const { t } = useTranslation('cart');
  return (
    <Box sx={{ p: 2 }}>
      <PageHeading>{t('myBag')}</PageHeading>
      <Alert severity="info">
        {t('emptyBag')}
        {data?.offer?.use_points && (
          <>
            {' '}
            <Link component={AppLink} to="Rewards">
              {t('browseRewards')}
            </Link>
          </>
        )}
      </Alert>
    </Box>
  );
}

/** The stored item's slot when the item is this line (a pickup). */
function slotOf(line: OrderItem | undefined, item: CartItem | null): PickupSlot | null {
  if (!line || !item || line.delivery_method !== 'picked_up') return null;
  const same = item.itemType === line.type && item.itemId === (line.reward_item_id ?? line.parent.id);
  return same ? item.slot : null;
}

function OrderReview({
  order,
  data,
  storedItem,
  onCompleted,
  completedOrder = false,
}: {
  order: CartOrder;
  data: DataResponse | undefined;
  storedItem: CartItem | null;
  onCompleted?: (completed: Completed) => void;
  completedOrder?: boolean;
}) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const rewardsHistoryHref = useAppHref('RewardsHistory');
  const rewardsHref = useAppHref('Rewards');
  const complete = useCompleteOrder({
    onCompleted: () => onCompleted?.({ order, item: storedItem }),
  });
  const remove = useRemoveCartItem({ onRemoved: () => navigate(rewardsHref) });
  const deliveryHeadingId = useId();
  const lines = orderItems(order);
  const first = lines[0];
  const user = data?.partner_user ?? null;
  const offer = data?.offer ?? null;
  const points = usePointsCurrent(
    user && offer && !completedOrder
      ? { partnerUserId: user.id, offerId: offer.id, dealId: order.deal_id }
      : null,
  );
  const currentPoints = points.data?.current_points ?? pointsFromData(data, order.deal_id);
  const pointsTotal = lines.reduce((sum, line) => sum + line.points_paid, 0);
  const delivery = first?.delivery_method ?? null;
  const slot = slotOf(first, storedItem);
  // A pickup reward with availability needs a slot (a bag from before one was chosen, or another tab).
  const availability = useRewardAvailability(
    first ? (first.reward_item_id ?? first.parent.id) : 0,
    !completedOrder && first !== undefined && delivery === 'picked_up' && slot === null,
  );
  const needsSlot =
    !completedOrder && delivery === 'picked_up' && slot === null && Boolean(availability.data?.timezone);
  const block = completedOrder
    ? null
    : completionBlock({
        hasOrderAndItem: lines.length > 0,
        currentPoints,
        itemPoints: pointsTotal,
        deliveryMethod: delivery,
        distribute: order.distribute,
        customer: order.customer,
      });
  const shippingTarget = first
    ? ({
        name: 'ShippingInfo',
        params: { type: first.type, typeId: first.reward_item_id ?? first.parent.id },
        ...(storedItem?.giftable ? { query: { giftable: 'true' } } : {}),
      } as const)
    : null;

  const editTarget = first ? lineEditTarget(first, storedItem?.dealId ?? order.deal_id) : null;
  // Spec 4: the modal shows, and 2 seconds later the session's stored data is cleared, the app goes to
  // RewardsHistory and the page reloads.
  const leave = completedOrder;
  useEffect(() => {
    if (!leave) return;
    const timer = window.setTimeout(() => {
      clearCartSession();
      void Promise.resolve(navigate(rewardsHistoryHref, { replace: true })).then(() =>
        completionReload.reload(),
      );
    }, COMPLETION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [leave, navigate, rewardsHistoryHref]);

  const completeOrder = () => {
    if (block !== null || needsSlot || complete.isPending) return;
    complete.mutate(order);
  };
  const removeItem = () => {
    remove.mutate();
  };

  const shipTo = order.distribute ?? order.customer;
  // A name alone is no address: ask for it.
  // None without a street address: a name alone asks for the shipping information.
  const shipLines = addressLines(shipTo);
  const busy = complete.isPending || remove.isPending || completedOrder;

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <PageHeading>{t('myBag')}</PageHeading>
        {!completedOrder && <OrderTimer sx={{ mt: -1 }} />}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('itemCount', { count: lines.length })}
        </Typography>
      </Box>

      <Box component="ul" aria-label={t('itemsInYourBag')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((line) => (
          <OrderLine
            key={`${line.type}-${line.id}`}
            line={line}
            imageUrl={heroUrl(line.media) ?? storedItem?.imageUrl ?? null}
            dealId={storedItem?.dealId ?? order.deal_id}
            slot={line === first ? slot : null}
            disabled={busy}
            onRemove={removeItem}
          />
        ))}
      </Box>
      {remove.isError && (
        <Alert severity="error" role="alert">
          {cartErrorMessage(remove.error, t('removeFailed'))}
        </Alert>
      )}

      {first && (
        <Box component="section" aria-labelledby={deliveryHeadingId}>
          {delivery === 'shipped' ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
                <Typography
                  id={deliveryHeadingId}
                  component="h2"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, mb: 0.5 }}
                >
                  {t('shippingAddress')}
                </Typography>
                {shippingTarget && !completedOrder && (
                  <Button
                    component={AppLink}
                    to={shippingTarget}
                    size="small"
                    aria-label={t('editShippingAddress')}
                  >
                    {t('edit')}
                  </Button>
                )}
              </Box>
              <AddressLines
                lines={shipLines}
                empty={
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('addShippingInformation')}
                  </Typography>
                }
              />
            </>
          ) : (
            <Box id={deliveryHeadingId}>
              <PickupDetails
                instructions={first.pickup_instructions ?? first.parent.pickup_instructions}
                venueId={first.venue_id}
                venue={slot?.venueName ? { name: slot.venueName, address: slot.address ?? null } : undefined}
              />
            </Box>
          )}
        </Box>
      )}

      <Divider />
      <OrderTotals points={pointsTotal} pricePaid={order.price_paid} />

      {block !== null && block !== 'no-order' && (
        <Alert severity={block === 'shipping-info' ? 'info' : 'warning'} role="alert">
          {blockMessage(block, t)}
        </Alert>
      )}
      {needsSlot && editTarget && (
        <Alert
          severity="info"
          role="alert"
          action={
            <Button color="inherit" size="small" component={AppLink} to={editTarget}>
              {t('chooseATime')}
            </Button>
          }
        >
          {t('chooseSlot')}
        </Alert>
      )}
      {complete.isError &&
        (complete.error instanceof SlotGoneError && editTarget ? (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button color="inherit" size="small" component={AppLink} to={editTarget}>
                {t('chooseAnotherTime')}
              </Button>
            }
          >
            {complete.error.message}
          </Alert>
        ) : (
          <Alert severity="error" role="alert">
            {cartErrorMessage(complete.error, t('completeFailed'))}
          </Alert>
        ))}

      {!completedOrder &&
        (block === 'shipping-info' && shippingTarget ? (
          <Button component={AppLink} to={shippingTarget} variant="contained" size="large" fullWidth>
            {t('completeShippingInfo')}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={block !== null || needsSlot || busy}
            onClick={completeOrder}
            aria-busy={complete.isPending}
            startIcon={
              complete.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
            }
          >
            {t('completeOrder')}
          </Button>
        ))}

      <Dialog
        open={completedOrder}
        aria-labelledby="order-received-title"
        aria-describedby="order-received-text"
      >
        <DialogTitle id="order-received-title">{t('thankYou')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="order-received-text">{t('orderReceived')}</DialogContentText>
          {leave && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <CircularProgress size={24} aria-label={t('redirecting')} />
            </Box>
          )}
        </DialogContent>
      </Dialog>
    </Box>
  );
}

/** Why the order cannot be completed yet (spec 5), in the chosen language. */
function blockMessage(block: Exclude<CompletionBlock, 'no-order'>, t: TFunction<'cart'>): string {
  return block === 'not-enough-points' ? t('notEnoughPoints') : t('finishShippingInfo');
}

/** ClaimReward for the line's reward, where its options, delivery and pickup slot are chosen again. */
function lineEditTarget(line: OrderItem, dealId: number | null) {
  return {
    name: 'ClaimReward',
    params: { type: line.type, typeId: line.reward_item_id ?? line.parent.id },
    query: { venueId: line.venue_id, dealId },
  } as const;
}

function OrderLine({
  line,
  imageUrl,
  dealId,
  slot,
  disabled,
  onRemove,
}: {
  line: OrderItem;
  imageUrl: string | null;
  dealId: number | null;
  slot: PickupSlot | null;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cart');
  const editTarget = lineEditTarget(line, dealId);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      aria-label={line.name}
    >
      <Image src={imageUrl} alt="" className="tp-thumb" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {line.name}
        </Typography>
        {line.attribute && <Typography variant="body2">{line.attribute.name}</Typography>}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('quantity', { quantity: 1 })}</Typography>
          {line.delivery_method && (
            <Chip size="small" label={line.delivery_method === 'shipped' ? t('ship') : t('pickup')} />
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatPoints(line.points_paid)}
          </Typography>
        </Box>
        {slot && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('pickupSlot', { slot: formatPickupSlot(slot) })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
          <Button
            size="small"
            component={AppLink}
            to={editTarget}
            aria-label={t('editItem', { name: line.name })}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={onRemove}
            disabled={disabled}
            aria-label={t('removeItem', { name: line.name })}
          >
            {t('remove')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
