import type { DataResponse, Offer, PartnerUser } from '@trailpass/contract';
import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { useTranslation } from '../../../i18n';
import { userLocale } from '../../../lib/distance';
import { useFirstScreenShown } from '../../../lib/first-screen';
import { useAppData } from '../../app-data';
import { usePointsCurrent } from '../../points';
import { useRewards } from '../api/rewards-catalogue';
import {
  pointsNote,
  pointsValidUntil,
  rewardsDeals,
  selectedRewardsDeal,
  showsDealSelector,
} from '../rewards-deals';
import { DealSelector } from './DealSelector';
import { PointsChip } from './PointsChip';
import { PointsValidityNote } from './PointsValidityNote';
import { RewardItemList } from './RewardItemList';

/** The query key that keeps the chosen deal, so a reload or a shared link shows the same deal. */
const DEAL_QUERY = 'dealId';

function Rewards({ data, offer, user }: { data: DataResponse; offer: Offer; user: PartnerUser }) {
  const { t } = useTranslation('rewards');
  const [searchParams, setSearchParams] = useSearchParams();
  const deals = useMemo(() => rewardsDeals(data), [data]);
  // A points offer has one points deal, which the server finds itself (no dealId).
  const selected = offer.use_points ? null : selectedRewardsDeal(deals, searchParams.get(DEAL_QUERY));
  const ref = { partnerUserId: user.id, offerId: offer.id, dealId: selected?.id ?? null };
  const points = usePointsCurrent(ref);
  const rewards = useRewards(ref);
  // The cards render in a deferred render, which React does in slices, not in the synchronous one of the
  // query's update (decision 0025, round two); the skeleton stays until then.
  const rewardItems = useDeferredValue(rewards.data?.rewardItems);
  // /data already counted these points when the app loaded: show them until the fresh count arrives
  // (or if it cannot be read), rather than a blank chip.
  const currentPoints = points.data?.current_points ?? selected?.current_points ?? data.current_points;
  const note = pointsNote(pointsValidUntil(data, selected));
  const locale = userLocale();
  const loading = rewards.isPending || (rewards.isSuccess && rewardItems === undefined);
  useFirstScreenShown(!loading);

  const selectDeal = (dealId: number) =>
    setSearchParams(
      (params) => {
        params.set(DEAL_QUERY, String(dealId));
        return params;
      },
      // Choosing a deal is a view setting, not a new page: Back leaves Rewards.
      { replace: true },
    );

  return (
    <div className="tp-ro-page">
      <PageHeading>{t('myRewards')}</PageHeading>
      <div className="tp-stack tp-gap-2">
        <div>
          <PointsChip points={currentPoints} locale={locale} />
        </div>
        {selected && showsDealSelector(data) && (
          <DealSelector deals={deals} selectedId={selected.id} onSelect={selectDeal} />
        )}
        {note && <PointsValidityNote note={note} />}
        <RewardItemList
          items={rewardItems}
          loading={loading}
          failed={rewards.isError}
          onRetry={() => void rewards.refetch()}
          retrying={rewards.isFetching}
          offer={offer}
          currentPoints={currentPoints}
          locale={locale}
        />
      </div>
    </div>
  );
}

/**
 * Rewards (spec 2.5): My Rewards, the points chip leading to the history, the deal selector of a
 * gamified offer with more than one deal, until when the points can be spent, and the reward cards.
 * Plain components and CSS (decision 0027): no MUI on this page's first screen.
 */
export default function RewardsPage() {
  const { data } = useAppData();
  // The shell's guards send anyone without a signed-in pass elsewhere before this renders.
  if (!data?.offer || !data.partner_user) return null;
  return <Rewards data={data} offer={data.offer} user={data.partner_user} />;
}
