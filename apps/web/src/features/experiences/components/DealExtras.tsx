import type { DataResponse } from '@trailpass/contract';
import { useCallback, useState } from 'react';
import ShareIcon from '~icons/ic/baseline-share';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { isPreview } from '../../app-data';
import { useModuleContext } from '../../modules/context';
import { useShare } from '../api/share';
import { PollCard } from './PollCard';
import { Snackbar } from './Snackbar';

/** Spec 9: snackbar duration. */
const SNACKBAR_MS = 2000;

/** Below a deal's modules, for a signed-in pass holder: share the deal and its polls (spec 7). */
export function DealExtras({ appData, dealId }: { appData: DataResponse; dealId: number }) {
  const { t } = useTranslation('experiences');
  const { index } = useModuleContext();
  const partnerUserId = appData.partner_user?.id ?? null;
  const offerId = appData.offer?.id ?? null;
  const share = useShare(partnerUserId, offerId, dealId);
  const [message, setMessage] = useState<string | null>(null);
  const closeMessage = useCallback(() => setMessage(null), []);
  // Polls and share act for a pass holder; a preview has none.
  if (partnerUserId === null || isPreview(appData)) return null;
  const polls = [...index.polls.values()].filter((poll) => poll.deal_id === dealId);

  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome === 'copied') setMessage(t('linkCopied'));
      },
      onError: () => setMessage(t('shareFailed')),
    });

  return (
    <div className="tp-deal-extras">
      {polls.map((poll) => (
        <PollCard key={poll.id} pollRef={{ partnerUserId, pollId: poll.id, dealId }} />
      ))}
      <Button
        variant="outlined"
        startIcon={<ShareIcon />}
        onClick={onShare}
        disabled={share.isPending}
        style={{ justifySelf: 'start' }}
      >
        {t('share')}
      </Button>
      <Snackbar message={message} autoHideMs={SNACKBAR_MS} onClose={closeMessage} />
    </div>
  );
}
