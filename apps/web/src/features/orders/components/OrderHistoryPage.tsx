import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DataResponse } from '@trailpass/contract';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { PageHeading } from '../../../components/PageHeading';
import { AppLink } from '../../../lib/navigation';
import { useFirstScreenFirst } from '../../../lib/use-first-screen-first';
import { showsRewards, useAppData } from '../../app-data';
import { rememberOrders, useOrderHistory } from '../api/orders';
import { newestFirst } from '../order-rules';
import { OrderHistoryCard } from './OrderHistoryCard';

export const ORDER_HISTORY_TITLE = 'Order History';
export const NO_ORDERS_MESSAGE = 'You don’t have any orders yet.';
/** About as many order cards as a phone shows before scrolling: rendered first (useFirstScreenFirst). */
const FIRST_SCREEN_ORDERS = 4;
export const ORDERS_FAILED_MESSAGE = 'We could not load your orders. Check your connection and try again.';

/**
 * OrderHistory (spec 2.9): the holder's orders on this pass, newest first (spec 9), 20 at a time with
 * Show More Orders for the rest. Each leads to its OrderDetails.
 */
export default function OrderHistoryPage() {
  const { data } = useAppData();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return <OrderHistory data={data} partnerUserId={data.partner_user.id} offerId={data.offer.id} />;
}

function OrderHistory({
  data,
  partnerUserId,
  offerId,
}: {
  data: DataResponse;
  partnerUserId: number;
  offerId: number;
}) {
  const history = useOrderHistory({ partnerUserId, offerId });
  const orders = useMemo(
    () => newestFirst(history.data?.pages.flatMap((page) => page.data) ?? []),
    [history.data],
  );

  // The cards render in a deferred render, which React does in slices, not in the synchronous one of the
  // query's update (decision 0025, round two); and the first screenful of them first.
  const shownData = useDeferredValue(history.data);
  const listed = useMemo(
    () =>
      shownData === history.data ? orders : newestFirst(shownData?.pages.flatMap((page) => page.data) ?? []),
    [shownData, history.data, orders],
  );
  const shownOrders = useFirstScreenFirst(listed, FIRST_SCREEN_ORDERS);

  useEffect(() => {
    if (history.isSuccess) rememberOrders(orders);
  }, [history.isSuccess, orders]);

  let body: ReactNode;
  if (history.isPending || (history.isSuccess && shownData === undefined)) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>Loading your orders…</Typography>
      </Box>
    );
  } else if (history.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()} sx={{ minHeight: 40 }}>
            Try again
          </Button>
        }
      >
        {ORDERS_FAILED_MESSAGE}
      </Alert>
    );
  } else if (listed.length === 0) {
    body = (
      <Alert severity="info">
        {NO_ORDERS_MESSAGE}
        {showsRewards(data) && (
          <>
            {' '}
            <Link component={AppLink} to="Rewards">
              Browse Rewards
            </Link>
          </>
        )}
      </Alert>
    );
  } else {
    body = (
      <>
        <Box
          component="ul"
          aria-label="Orders"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {shownOrders.map((order) => (
            <OrderHistoryCard key={order.id} order={order} />
          ))}
        </Box>
        {history.isFetchNextPageError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            We could not load more orders. Please try again.
          </Alert>
        )}
        {history.hasNextPage && (
          <Button
            variant="outlined"
            fullWidth
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            sx={{ mt: 2, minHeight: 48 }}
          >
            Show More Orders
          </Button>
        )}
      </>
    );
  }

  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <PageHeading>{ORDER_HISTORY_TITLE}</PageHeading>
      {body}
    </Box>
  );
}
