import type { DataResponse } from '@trailpass/contract';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import InfoOutlinedIcon from '~icons/ic/outline-info';
import { PageHeading } from '../../../components/PageHeading';
import { Alert, Button, RetryAlert, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { useFirstScreenShown } from '../../../lib/first-screen';
import { AppLink } from '../../../lib/navigation';
import { useFirstScreenFirst } from '../../../lib/use-first-screen-first';
import { showsRewards, useAppData } from '../../app-data';
import { rememberOrders, useOrderHistory } from '../api/orders';
import { newestFirst } from '../order-rules';
import { OrderHistoryCard } from './OrderHistoryCard';

/** About as many order cards as a phone shows before scrolling: rendered first (useFirstScreenFirst). */
const FIRST_SCREEN_ORDERS = 4;

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
  const { t } = useTranslation('orders');
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

  const loading = history.isPending || (history.isSuccess && shownData === undefined);
  useFirstScreenShown(!loading);

  let body: ReactNode;
  if (loading) {
    body = (
      <div role="status" className="tp-orders-loading">
        {/* The text says it; the spinner only shows it. */}
        <span aria-hidden="true">
          <Spinner size={20} label={t('loading')} />
        </span>
        <p className="tp-body1">{t('loadingOrders')}</p>
      </div>
    );
  } else if (history.isError) {
    body = (
      <RetryAlert onRetry={() => void history.refetch()} retrying={history.isFetching}>
        {t('ordersFailed')}
      </RetryAlert>
    );
  } else if (listed.length === 0) {
    body = (
      // An info alert, announced as an alert as it always was (components/ui's Alert makes info a status).
      <div role="alert" className="tp-alert tp-alert-info">
        <InfoOutlinedIcon />
        <div className="tp-alert-message">
          {t('noOrders')}
          {showsRewards(data) && (
            <>
              {' '}
              <AppLink to="Rewards" className="tp-ro-link">
                {t('browseRewards')}
              </AppLink>
            </>
          )}
        </div>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label={t('orders')} className="tp-list tp-orders-list">
          {shownOrders.map((order) => (
            <OrderHistoryCard key={order.id} order={order} />
          ))}
        </ul>
        {history.isFetchNextPageError && (
          <Alert severity="error" className="tp-ro-mt-2">
            {t('moreOrdersFailed')}
          </Alert>
        )}
        {history.hasNextPage && (
          <ShowMoreButton loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()} />
        )}
      </>
    );
  }

  return (
    <div className="tp-ro-page">
      <PageHeading>{t('orderHistory')}</PageHeading>
      {body}
    </div>
  );
}

/**
 * Show More Orders, as MUI's loading Button drew it: while the next page loads it is disabled and a small
 * spinner takes the place of its label (kept for assistive technology, hidden on screen), so it keeps its size.
 */
function ShowMoreButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <Button
      variant="outlined"
      fullWidth
      onClick={onClick}
      disabled={loading}
      className="tp-ro-mt-2 tp-ro-min-48 tp-orders-more"
      data-loading={loading ? 'true' : undefined}
    >
      {loading && (
        <span aria-hidden="true" className="tp-orders-more-spinner">
          <Spinner size={16} label={t('loading')} />
        </span>
      )}
      {t('showMoreOrders')}
    </Button>
  );
}
