import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  type Address,
  type DataResponse,
  type DeliveryMethod,
  isAvailable,
  ORDER_HOLD_MINUTES,
  type PartnerUser,
  pointsNeeded,
  type RewardItem,
} from '@trailpass/contract';
import { useId, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Image } from '../../../components/Image';
import { PageHeading } from '../../../components/PageHeading';
import { SpacedText } from '../../../components/SpacedText';
import { RetryAlert } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { heroUrl } from '../../../lib/media';
import { useAppNavigate } from '../../../lib/navigation';
import { buildHref } from '../../../lib/routes';
import { useAppData } from '../../app-data';
import {
  cartErrorMessage,
  formatPoints,
  holdsItem,
  OrderTimer,
  PickupDetails,
  PickupSlotPicker,
  slotHint,
  useActiveOrder,
  useCart,
  useClaimReward,
  usePickupSlot,
} from '../../cart';
import { usePointsCurrent } from '../../points';
import { REWARDS_ROOT, useRewards } from '../api/rewards-catalogue';
import { ClaimReplaceItemDialog } from './ClaimReplaceItemDialog';
import { claimOptions, defaultDeliveryMethod, isClaimSubmitDisabled } from './ClaimRewardRules';

const ITEM_TYPES = ['product', 'deal', 'package'] as const;
type ItemType = (typeof ITEM_TYPES)[number];
const isItemType = (value: string | undefined): value is ItemType =>
  (ITEM_TYPES as readonly string[]).includes(value ?? '');

function positiveId(value: string | null | undefined): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

/** The holder's details as the order's customer (only values the order accepts). */
export function customerFrom(user: PartnerUser): Address {
  const fit = (value: string | null, max: number) =>
    value !== null && value.trim() !== '' && value.length <= max ? value : undefined;
  const entries = {
    first_name: fit(user.first_name, 100),
    last_name: fit(user.last_name, 100),
    email: fit(user.email, 254),
    phone: fit(user.phone, 32),
    address: fit(user.address, 200),
    address_2: fit(user.address_2, 200),
    city: fit(user.city, 100),
    state: fit(user.state, 3),
    country: fit(user.country, 2),
    zip_code: fit(user.zip_code, 20),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}

/** Points the holder has for this item: its gamified deal's, else the offer's (from /data). */
function pointsFromData(data: DataResponse, dealId: number | null): number {
  const deal = dealId === null ? undefined : data.deals.find((candidate) => candidate.id === dealId);
  return deal?.current_points ?? data.current_points;
}

/**
 * ClaimReward (spec 2.6): the reward's options, delivery type and details, and the submit that puts it in
 * the one-item cart (spec 4). An item that is not in the rewards catalogue goes back to /rewards.
 */
export default function ClaimRewardPage() {
  const { t } = useTranslation('rewards');
  const params = useParams();
  const { search } = useLocation();
  const { data } = useAppData();
  const type = isItemType(params.type) ? params.type : null;
  const typeId = positiveId(params.typeId);
  const dealId = positiveId(new URLSearchParams(search).get('dealId'));
  const user = data?.partner_user ?? null;
  const offer = data?.offer ?? null;
  const rewards = useRewards(
    type && typeId && user && offer ? { partnerUserId: user.id, offerId: offer.id, dealId } : null,
  );

  const toRewards = <Navigate replace to={buildHref('Rewards', search)} />;
  if (!type || !typeId || (data && (!user || !offer))) return toRewards;
  if (!data || rewards.isPending) {
    return (
      <Box role="status" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>{t('loadingReward')}</Typography>
      </Box>
    );
  }
  if (rewards.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <PageHeading>{t('claimReward')}</PageHeading>
        <RetryAlert onRetry={() => void rewards.refetch()} retrying={rewards.isFetching}>
          {t('rewardFailed')}
        </RetryAlert>
      </Box>
    );
  }
  const item = rewards.data.rewardItems.find(
    (candidate) => candidate.type === type && candidate.id === typeId,
  );
  // Spec 2.6: an item the store does not know goes back to Rewards.
  if (!item) return toRewards;
  return <ClaimRewardForm key={`${item.type}-${item.id}`} item={item} data={data} />;
}

function ClaimRewardForm({ item, data }: { item: RewardItem; data: DataResponse }) {
  const { t } = useTranslation('rewards');
  const offer = data.offer;
  const user = data.partner_user;
  const cart = useCart();
  useActiveOrder();
  const held = holdsItem(cart, item.type, item.id);
  const heldItem = held ? cart.item : null;
  const otherItem = cart.item !== null && !held ? cart.item : null;
  const navigate = useAppNavigate();
  const goBack = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const claim = useClaimReward();
  const optionsId = useId();
  const deliveryId = useId();

  const [attributeId, setAttributeId] = useState<number | null>(() => heldItem?.attributeId ?? null);
  const [delivery, setDelivery] = useState<DeliveryMethod | null>(
    () => heldItem?.deliveryMethod ?? defaultDeliveryMethod(item),
  );
  // Spec 7 Availability: where and when to pick it up, when the reward offers slots.
  const pickupSlot = usePickupSlot(item.id, delivery === 'picked_up', heldItem?.slot ?? null);

  const points = usePointsCurrent(
    user && offer ? { partnerUserId: user.id, offerId: offer.id, dealId: item.deal_id } : null,
  );
  const currentPoints = points.data?.current_points ?? pointsFromData(data, item.deal_id);
  const ratio = offer?.points_ratio ?? null;
  const options = claimOptions(item, ratio, currentPoints, heldItem?.attributeId);
  const hasOptions = options.length > 0;
  const chosen = options.find((option) => option.id === attributeId) ?? null;
  const itemPoints = hasOptions ? (chosen?.points ?? null) : pointsNeeded(ratio, item.retail_price);
  const someTooCostly = options.some((option) => !option.affordable);

  // Without options the item itself is the one choice: say at once when it cannot be claimed.
  let itemBlock: string | null = null;
  if (!hasOptions) {
    if (!held && !isAvailable(item.ticketsAvailable, null)) itemBlock = t('soldOut');
    else if (itemPoints !== null && currentPoints < itemPoints) itemBlock = t('notEnoughPoints');
  }
  const submitting = claim.isPending;
  const disabled =
    isClaimSubmitDisabled({
      hasOptions,
      attributeId,
      deliveryMethod: delivery,
      submitting,
      slotRequired: pickupSlot.required,
      slotChosen: pickupSlot.slot !== null,
    }) ||
    itemBlock !== null ||
    otherItem !== null;
  const shipped = delivery === 'shipped';
  const submitLabel = shipped ? t('goToShippingInfo') : t('continueToCheckout');

  let hint: string | null = null;
  if (!submitting && itemBlock === null) {
    if (hasOptions && attributeId === null) hint = t('chooseOption');
    else if (delivery === null) hint = t('chooseDelivery');
    else if (delivery === 'picked_up' && pickupSlot.missing) hint = slotHint(pickupSlot.missing);
  }

  const submit = () => {
    if (disabled || !user || !offer || !delivery) return;
    const attribute = chosen ? { id: chosen.id, name: chosen.name } : null;
    const giftable = offer.gifting && item.giftable;
    claim.mutate(
      {
        offerId: offer.id,
        partnerUserId: user.id,
        dealId: item.deal_id,
        item: {
          id: item.id,
          type: item.type,
          name: item.name,
          imageUrl: heroUrl(item.media),
          venueId: item.venue_id,
          giftable,
        },
        attribute,
        deliveryMethod: delivery,
        points: itemPoints ?? 0,
        customer: user ? customerFrom(user) : undefined,
        slot: delivery === 'picked_up' ? pickupSlot.slot : null,
      },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: [REWARDS_ROOT] });
          if (shipped) {
            navigate({
              name: 'ShippingInfo',
              params: { type: item.type, typeId: item.id },
              ...(giftable ? { query: { giftable: 'true' } } : {}),
            });
          } else {
            navigate('ReviewOrder');
          }
        },
        onError: (error) => {
          // Stock or points moved since the catalogue loaded: show the current counts.
          if (isApiError(error, 409) || isApiError(error, 422)) {
            void queryClient.invalidateQueries({ queryKey: [REWARDS_ROOT] });
          }
        },
      },
    );
  };

  const takeMeBack = () => {
    // The first page of the visit has nothing to go back to.
    if (location.key === 'default') navigate('Rewards', { replace: true });
    else void goBack(-1);
  };

  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <PageHeading>{item.name}</PageHeading>
        {held ? (
          <OrderTimer sx={{ mt: -1 }} />
        ) : (
          <Typography variant="body2" sx={{ mt: -1, color: 'text.secondary' }}>
            {t('holdNotice', { count: ORDER_HOLD_MINUTES })}
          </Typography>
        )}
      </Box>

      <Image
        src={heroUrl(item.media)}
        alt=""
        loading="eager"
        fetchPriority="high"
        className="tp-img-cover"
        style={{ aspectRatio: '16 / 9', borderRadius: 8 }}
      />

      {itemPoints !== null && (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{formatPoints(itemPoints)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('youHave', { points: formatPoints(currentPoints) })}
          </Typography>
        </Box>
      )}
      {item.description && <SpacedText text={item.description} variant="body2" />}

      {hasOptions && (
        <Box component="section" aria-labelledby={optionsId}>
          <Typography id={optionsId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('options')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {options.map((option) => {
              const selected = option.id === attributeId;
              const values = { name: option.name, points: formatPoints(option.points) };
              const label = option.available ? t('option', values) : t('optionSoldOut', values);
              return (
                <Chip
                  key={option.id}
                  component="button"
                  type="button"
                  label={label}
                  aria-pressed={selected}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  disabled={option.disabled}
                  onClick={() => setAttributeId(option.id)}
                />
              );
            })}
          </Box>
          {someTooCostly && (
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
              {t('notEnoughPointsForOptions')}
            </Typography>
          )}
        </Box>
      )}

      <Box component="section" aria-labelledby={deliveryId}>
        <Typography id={deliveryId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('deliveryType')}
        </Typography>
        {item.shipped && item.picked_up ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {(
              [
                ['shipped', t('shipped')],
                ['picked_up', t('pickup')],
              ] as const
            ).map(([method, label]) => (
              <Chip
                key={method}
                component="button"
                type="button"
                label={label}
                aria-pressed={delivery === method}
                color={delivery === method ? 'primary' : 'default'}
                variant={delivery === method ? 'filled' : 'outlined'}
                onClick={() => setDelivery(method)}
              />
            ))}
          </Box>
        ) : (
          <Typography variant="body2">{item.shipped ? t('willBeShipped') : t('willBePickedUp')}</Typography>
        )}
      </Box>

      {delivery === 'shipped' && item.shipping_details && (
        <Box component="section">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t('shippingDetails')}
          </Typography>
          <SpacedText text={item.shipping_details} variant="body2" />
        </Box>
      )}
      {delivery === 'picked_up' && (
        <Box component="section">
          <PickupDetails instructions={item.pickup_instructions} venueId={item.venue_id} />
        </Box>
      )}
      {delivery === 'picked_up' && <PickupSlotPicker choice={pickupSlot} />}

      {itemBlock && (
        <Alert severity="warning" role="alert">
          {itemBlock}
        </Alert>
      )}
      {claim.isError && (
        <Alert severity="error" role="alert">
          {cartErrorMessage(claim.error, t('claimFailed'))}
        </Alert>
      )}

      <Box>
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={disabled}
          onClick={submit}
          aria-busy={submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
        >
          {submitLabel}
        </Button>
        {hint && (
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', textAlign: 'center' }}>
            {hint}
          </Typography>
        )}
      </Box>

      {otherItem && <ClaimReplaceItemDialog itemName={otherItem.name} onTakeMeBack={takeMeBack} />}
    </Box>
  );
}
