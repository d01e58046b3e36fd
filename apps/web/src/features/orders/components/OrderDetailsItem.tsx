import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Order, OrderItem } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
import { type TFunction, Trans, useTranslation } from '../../../i18n';
import { formatDate, ORDER_DETAILS_DATE_FORMAT } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { AddressLines, formatPickupSlot, formatPoints, PickupDetails } from '../../cart';
import type { useRedeem } from '../../redeem/api/redeem';
import {
  addressLines,
  deliveryChip,
  isItemCancelled,
  isItemRedeemed,
  isPendingPickup,
  redeemedAt,
  shipToOf,
  trackingOf,
} from '../order-rules';
import { ConfirmPickup } from './ConfirmPickup';

/** The contract's delivery chip (spec 2.9) in the chosen language. */
function chipLabel(chip: 'Ship' | 'Pickup' | 'Instant Download', t: TFunction<'orders'>): string {
  switch (chip) {
    case 'Ship':
      return t('ship');
    case 'Pickup':
      return t('pickup');
    case 'Instant Download':
      return t('instantDownload');
  }
}

/** The id of an item's status (its success alert), where focus goes after its pickup is confirmed. */
export const itemStatusId = (item: Pick<OrderItem, 'id'>) => `order-item-${item.id}-status`;

export interface OrderDetailsItemProps {
  item: OrderItem;
  order: Pick<Order, 'customer' | 'distribute'>;
  partnerUserId: number;
  confirm: ReturnType<typeof useRedeem>;
  /** Opens the shipping form for this (shipped, not yet sent) item. */
  onEditShipping: (item: OrderItem) => void;
  /** Said politely under the address after it was saved. */
  shippingSaved: boolean;
}

/**
 * One item of OrderDetails (spec 2.9): image, name, attribute, Qty 1, the Ship, Pickup or Instant Download
 * chip, its points; then the success alert once shipped or picked up, or for a pending pickup the
 * pickup instructions and Confirm Pickup, and for a shipped item the address (or the prompt to enter it)
 * with Edit while it has not been sent.
 */
export function OrderDetailsItem({
  item,
  order,
  partnerUserId,
  confirm,
  onEditShipping,
  shippingSaved,
}: OrderDetailsItemProps) {
  const { t } = useTranslation('orders');
  const nameId = useId();
  const addressHeadingId = useId();
  const chip = deliveryChip(item);
  const redeemed = isItemRedeemed(item);
  const pending = isPendingPickup(item);
  const when = formatDate(redeemedAt(item), ORDER_DETAILS_DATE_FORMAT);
  const cancelled = isItemCancelled(item);
  const shipped = item.delivery_method === 'shipped';
  const shipLines = shipped ? addressLines(shipToOf(order)) : [];
  const tracking = shipped && redeemed ? trackingOf(item) : null;
  const confirmingOther =
    confirm.isPending &&
    confirm.variables?.target.kind === 'pickup' &&
    confirm.variables.target.orderItemId !== item.id;

  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ display: 'grid', gap: 1.5, py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <Image src={heroUrl(item.media)} alt="" className="tp-thumb" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={nameId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
          >
            {item.name}
          </Typography>
          {item.attribute && <Typography variant="body2">{item.attribute.name}</Typography>}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="body2">{t('quantity', { quantity: 1 })}</Typography>
            {chip && <Chip size="small" label={chipLabel(chip, t)} />}
            {pending && <Chip size="small" color="warning" label={t('pendingPickup')} />}
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatPoints(item.points_paid)}
            </Typography>
          </Box>
        </Box>
      </Box>

      {redeemed && (
        <Alert severity="success" id={itemStatusId(item)} tabIndex={-1} sx={{ outlineOffset: 2 }}>
          <span>{t('itemRedeemed')}</span>
          {when && (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              <time dateTime={redeemedAt(item) ?? undefined}>{when}</time>
            </Typography>
          )}
        </Alert>
      )}

      {cancelled && (
        <Alert severity="info" id={itemStatusId(item)}>
          <span>{t('itemCancelled')}</span>
          {item.points_paid > 0 && (
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              {t('pointsReturned', { points: formatPoints(item.points_paid) })}
            </Typography>
          )}
        </Alert>
      )}

      {tracking && (
        <Box component="section" aria-label={t('tracking')}>
          <Typography variant="body2">
            <Trans
              t={t}
              i18nKey="carrier"
              values={{ carrier: tracking.carrier }}
              components={{ strong: <strong /> }}
            />
          </Typography>
          {tracking.number && (
            <Typography variant="body2">
              <Trans
                t={t}
                i18nKey="trackingNumber"
                values={{ number: tracking.number }}
                components={{ strong: <strong /> }}
              />
            </Typography>
          )}
          {tracking.url && (
            <Link
              href={tracking.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ display: 'inline-block', mt: 0.5, minHeight: 24 }}
            >
              {t('trackPackage')}
            </Link>
          )}
        </Box>
      )}

      {pending && (
        <>
          {item.pickup_slot && (
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
              {t('pickupSlot', {
                slot: formatPickupSlot({
                  date: item.pickup_slot.date,
                  time: item.pickup_slot.time,
                  timezone: item.pickup_slot.timezone,
                  pickupPointName: item.pickup_slot.pickup_point?.name ?? null,
                  venueName: null,
                }),
              })}
            </Typography>
          )}
          <PickupDetails
            instructions={item.pickup_instructions ?? item.parent.pickup_instructions}
            venueId={item.venue_id}
            headingComponent="h3"
          />
          <ConfirmPickup
            item={item}
            partnerUserId={partnerUserId}
            confirm={confirm}
            disabled={confirmingOther}
          />
        </>
      )}

      {shipped && !cancelled && (shipLines.length > 0 || !redeemed) && (
        <Box component="section" aria-labelledby={addressHeadingId}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography id={addressHeadingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {redeemed ? t('shippedTo') : t('shippingAddress')}
            </Typography>
            {!redeemed && (
              <Button
                size="small"
                onClick={() => onEditShipping(item)}
                aria-label={t('editShippingAddressFor', { name: item.name })}
                sx={{ minHeight: 40 }}
              >
                {t('edit')}
              </Button>
            )}
          </Box>
          <AddressLines lines={shipLines} empty={<Alert severity="warning">{t('shippingPrompt')}</Alert>} />
          <Box role="status" sx={{ mt: shippingSaved ? 0.5 : 0 }}>
            {shippingSaved && (
              <Typography variant="body2" sx={{ color: 'success.main' }}>
                {t('shippingSaved')}
              </Typography>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}
