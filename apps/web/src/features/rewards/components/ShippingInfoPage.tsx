import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useTranslation } from '../../../i18n';
import { useAppNavigate } from '../../../lib/navigation';
import { buildHref } from '../../../lib/routes';
import { useAppData } from '../../app-data';
import {
  cartErrorMessage,
  OrderTimer,
  useActiveOrder,
  useCart,
  useKeepOrderAlive,
  useUpdateOrder,
} from '../../cart';
import { mergeSources, ShippingForm, type ShippingSubmit } from '../../shipping';

/** Spec 5: the query's giftable (ClaimReward sets giftable=true) offers Ship to Someone Else too. */
export function queryGiftable(search: string): boolean {
  const value = new URLSearchParams(search).get('giftable');
  return value !== null && value !== 'false' && value !== '0';
}

/**
 * Spec 2.7 ShippingInfo: Add Shipping Information, the order's timer, and the shipping form, first
 * filled from the order's recipient or customer, else from the pass holder's record. Opening the page
 * keeps the order alive; Next saves the addresses on the order and goes to ReviewOrder. Without an
 * active order there is nothing to ship: the page goes to Rewards.
 */
export default function ShippingInfoPage() {
  const { t } = useTranslation('rewards');
  const { data } = useAppData();
  const { search } = useLocation();
  const navigate = useAppNavigate();
  const cart = useCart();
  const activeOrder = useActiveOrder();
  const keepAlive = useKeepOrderAlive();
  const update = useUpdateOrder();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { orderId } = cart;
  const keepOrderAlive = keepAlive.mutate;

  useEffect(() => {
    // Spec 2.7: the keep-alive call is made when the page opens (a failure shows in the timer's dialog).
    if (orderId !== null) keepOrderAlive();
  }, [orderId, keepOrderAlive]);

  if (orderId === null || cart.item === null) return <Navigate replace to={buildHref('Rewards', search)} />;

  const holder = data?.partner_user ?? null;
  const order = activeOrder.data?.order;

  const save = async ({ shipToSomeoneElse, address }: ShippingSubmit) => {
    setSubmitError(null);
    try {
      // Shipping to oneself clears any recipient (distribute false) and saves the holder's details.
      await update.mutateAsync(
        shipToSomeoneElse ? { distribute: address } : { distribute: false, customer: address },
      );
    } catch (error) {
      setSubmitError(cartErrorMessage(error, t('saveShippingFailed')));
      return;
    }
    navigate('ReviewOrder');
  };

  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <PageHeading>{t('addShippingInformation')}</PageHeading>
      <Typography component="p" variant="body1" sx={{ mb: 0.5 }}>
        {cart.item.attributeName ? `${cart.item.name}, ${cart.item.attributeName}` : cart.item.name}
      </Typography>
      <OrderTimer sx={{ mb: 2 }} />
      {activeOrder.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography component="span">{t('loadingOrder')}</Typography>
        </Box>
      ) : (
        <>
          {activeOrder.isError && (
            // The order could not be read: the form starts from the pass's record instead, and Next still works.
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('orderAddressFailed')}
            </Alert>
          )}
          <ShippingForm
            holderEmail={holder?.email ?? null}
            customer={mergeSources(order?.customer ?? null, holder)}
            distribute={order?.distribute ?? null}
            giftable={cart.item.giftable || queryGiftable(search)}
            onSubmit={save}
            submitError={submitError}
          />
        </>
      )}
    </Box>
  );
}
