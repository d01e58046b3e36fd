import { ComingSoon } from '../../../components/ComingSoon';
import { useTranslation } from '../../../i18n';

/** RewardsClaimed. Placeholder until its feature is built. */
export default function RewardsClaimedPage() {
  const { t } = useTranslation('rewards');
  return <ComingSoon title={t('rewardsClaimed')} />;
}
