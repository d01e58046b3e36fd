import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataResponse, Offer, PartnerUser } from '@trailpass/contract';
import { type ReactNode, useMemo } from 'react';
import { PageHeading } from '../../../components/PageHeading';
import { RetryAlert } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { userLocale } from '../../../lib/distance';
import { AppLink } from '../../../lib/navigation';
import { useAppData } from '../../app-data';
import { usePointsCurrent } from '../../points';
import { usePointsHistories } from '../../rewards-history/api/points-history';
import { PointsExpiry } from '../../rewards-history/components/PointsExpiry';
import { RewardsHistoryList } from '../../rewards-history/components/RewardsHistoryList';
import { expiryInfo, historySources, mergeHistories } from '../../rewards-history/rewards-history';

function RewardsHistory({ data, offer, user }: { data: DataResponse; offer: Offer; user: PartnerUser }) {
  const { t } = useTranslation('rewardsHistory');
  const locale = userLocale();
  const sources = useMemo(() => historySources(data), [data]);
  const info = useMemo(() => expiryInfo(data), [data]);
  const results = usePointsHistories({ partnerUserId: user.id, offerId: offer.id }, sources);
  const points = usePointsCurrent(
    info.kind === 'points' ? { partnerUserId: user.id, offerId: offer.id, dealId: null } : null,
  );
  // /data counted the next expiration when the app loaded: show it until the fresh one arrives.
  const next = points.data ? points.data.next_points_expiration : data.next_points_expiration;

  // A few hundred entries at most: merged on each render, which also follows every refetch.
  const entries = mergeHistories(
    data.deals,
    results.flatMap((result, index) => {
      const source = sources[index];
      return source ? [{ source, history: result.data }] : [];
    }),
  );
  const loading = results.some((result) => result.isPending);
  const failed = results.filter((result) => result.isError);
  const retry = () => {
    for (const result of failed) void result.refetch();
  };

  let body: ReactNode;
  if (loading && entries.length === 0) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>{t('loadingHistory')}</Typography>
      </Box>
    );
  } else if (failed.length > 0 && entries.length === 0) {
    body = null;
  } else if (entries.length === 0) {
    body = (
      <Alert severity="info">
        {t('noHistory')}
        {offer.use_points && (
          <>
            {' '}
            <Link component={AppLink} to="Rewards">
              {t('browseRewards')}
            </Link>
          </>
        )}
      </Alert>
    );
  } else {
    body = <RewardsHistoryList entries={entries} locale={locale} />;
  }

  return (
    <Box sx={{ p: 2, pb: 3 }}>
      <PageHeading>{t('myRewardsHistory')}</PageHeading>
      <Stack spacing={2}>
        <PointsExpiry info={info} next={next} locale={locale} />
        {failed.length > 0 && (
          <RetryAlert onRetry={retry} retrying={failed.some((result) => result.isFetching)}>
            {failed.length === results.length ? t('historyFailed') : t('historyPartlyFailed')}
          </RetryAlert>
        )}
        {body}
      </Stack>
    </Box>
  );
}

/**
 * RewardsHistory (spec 2.10): My Rewards History, when the points expire, and every points entry of the
 * pass (each gamified deal's history, or the points offer's), newest first.
 */
export default function RewardsHistoryPage() {
  const { data } = useAppData();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return <RewardsHistory data={data} offer={data.offer} user={data.partner_user} />;
}
