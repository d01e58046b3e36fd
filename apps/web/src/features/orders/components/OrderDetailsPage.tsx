import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type {
  DataResponse,
  DistributionRequest,
  Order,
  OrderItem,
  RedeemedOrderItem,
} from '@trailpass/contract';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { RetryAlert } from '../../../components/ui';
import { Trans, useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { formatDate, ORDER_DETAILS_DATE_FORMAT } from '../../../lib/dates';
import { importWithTimeout } from '../../../lib/lazy';
import { AppLink } from '../../../lib/navigation';
import { useAppData } from '../../app-data';
import { OrderTotals } from '../../cart';
import { useChangeRecipient, useConfirmPickup } from '../api/order-changes';
import { useOrder } from '../api/orders';
import { itemsOf } from '../order-rules';
import type { EditShippingDialogProps } from './EditShippingDialog';
import { itemStatusId, OrderDetailsItem } from './OrderDetailsItem';
import { PickupCompletedDialog } from './PickupCompletedDialog';

/** Says so, in place of the form, when its chunk cannot load (offline). */
function EditShippingUnavailable({ open, onClose }: EditShippingDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog open={open} onClose={onClose} aria-label={t('shippingFormUnavailable')}>
      <DialogContent>
        <Alert severity="error">{t('shippingFormFailed')}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// The shipping form (with its phone input) is its own chunk, loaded only when Edit is used.
const EditShippingDialog = lazy<ComponentType<EditShippingDialogProps>>(() =>
  importWithTimeout(() => import('./EditShippingDialog')).catch((error: unknown) => {
    console.warn('The shipping form could not be loaded', error);
    return { default: EditShippingUnavailable };
  }),
);

function parseOrderId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,8}$/.test(value)) return null;
  return Number(value);
}

/**
 * OrderDetails (spec 2.9): Order #id, its date and items (each with its pickup or shipping part), the
 * totals and payments as My Bag shows them, and after a confirmed pickup Your Pickup Is Completed!.
 * The query `type` (products or deals) is kept in links for the route table; every item is shown.
 */
export default function OrderDetailsPage() {
  const { data } = useAppData();
  const params = useParams();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return (
    <OrderDetails data={data} partnerUserId={data.partner_user.id} orderId={parseOrderId(params.orderId)} />
  );
}

function Frame({ orderId, children }: { orderId: number | null; children: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <PageHeading>{t('orderDetails')}</PageHeading>
      {orderId !== null && (
        <Typography component="p" variant="subtitle1" sx={{ mt: -1.5, mb: 1, color: 'text.secondary' }}>
          {t('orderNumber', { id: orderId })}
        </Typography>
      )}
      {children}
    </Box>
  );
}

function OrderDetails({
  data,
  partnerUserId,
  orderId,
}: {
  data: DataResponse;
  partnerUserId: number;
  orderId: number | null;
}) {
  const { t } = useTranslation('orders');
  const order = useOrder(partnerUserId, orderId);
  const [completed, setCompleted] = useState<RedeemedOrderItem | null>(null);
  const [completedOpen, setCompletedOpen] = useState(false);
  const confirm = useConfirmPickup({
    onConfirmed: (item) => {
      setCompleted(item);
      setCompletedOpen(true);
    },
  });

  if (orderId === null || (order.isError && isApiError(order.error, 404))) {
    return (
      <Frame orderId={orderId}>
        <Alert severity="info">
          {t('orderNotFound')}{' '}
          <Link component={AppLink} to="OrderHistory">
            {t('seeOrderHistory')}
          </Link>
        </Alert>
      </Frame>
    );
  }
  if (!order.data) {
    return (
      <Frame orderId={orderId}>
        {order.isError ? (
          <RetryAlert onRetry={() => void order.refetch()} retrying={order.isFetching}>
            {t('orderFailed')}
          </RetryAlert>
        ) : (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography>{t('loadingOrder')}</Typography>
          </Box>
        )}
      </Frame>
    );
  }

  const completedName = completed
    ? (itemsOf(order.data).find((item) => item.id === completed.id)?.name ?? null)
    : null;

  return (
    <Frame orderId={order.data.id}>
      <OrderBody data={data} order={order.data} partnerUserId={partnerUserId} confirm={confirm} />
      <PickupCompletedDialog
        open={completedOpen}
        itemName={completedName}
        onDone={() => setCompletedOpen(false)}
        onExited={() => {
          if (completed) document.getElementById(itemStatusId(completed))?.focus();
        }}
      />
    </Frame>
  );
}

function OrderBody({
  data,
  order,
  partnerUserId,
  confirm,
}: {
  data: DataResponse;
  order: Order;
  partnerUserId: number;
  confirm: ReturnType<typeof useConfirmPickup>;
}) {
  const { t } = useTranslation('orders');
  const changeRecipient = useChangeRecipient();
  /** The shipped item being edited, and a fresh key for each opening (a new form each time). */
  const [editing, setEditing] = useState<{ item: OrderItem; key: number } | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [savedFor, setSavedFor] = useState<number | null>(null);
  const items = itemsOf(order);
  const purchased = formatDate(order.purchased_at, ORDER_DETAILS_DATE_FORMAT);

  const openEdit = (item: OrderItem) => {
    setSavedFor(null);
    setEditing((previous) => ({ item, key: (previous?.key ?? 0) + 1 }));
    setEditOpen(true);
  };

  const save = async (change: DistributionRequest) => {
    if (!editing) return;
    await changeRecipient.mutateAsync({ partnerUserId, order, item: editing.item, change });
    setSavedFor(editing.item.id);
    setEditOpen(false);
  };

  return (
    <>
      {purchased && order.purchased_at && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          <Trans
            t={t}
            i18nKey="purchasedOn"
            values={{ date: purchased }}
            components={{ time: <time dateTime={order.purchased_at} /> }}
          />
        </Typography>
      )}

      <Box component="ul" aria-label={t('itemsInThisOrder')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <OrderDetailsItem
            key={`${item.type}-${item.id}`}
            item={item}
            order={order}
            partnerUserId={partnerUserId}
            confirm={confirm}
            onEditShipping={openEdit}
            shippingSaved={savedFor === item.id}
          />
        ))}
      </Box>
      {items.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {t('noItems')}
        </Typography>
      )}

      <Box sx={{ mt: 2 }}>
        <OrderTotals points={order.points_paid} pricePaid={order.price_paid} />
      </Box>

      {editing && (
        <Suspense fallback={null}>
          <EditShippingDialog
            key={editing.key}
            open={editOpen}
            order={order}
            holder={data.partner_user}
            giftable={data.offer?.gifting === true && editing.item.giftable}
            onSave={save}
            onClose={() => setEditOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
