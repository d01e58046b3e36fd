import { useTranslation } from '../../../i18n';
import { formatCountdown } from './tickets';

/**
 * A ticket's time left as an ARIA timer (role timer is not announced every second, so it can be read
 * when wanted without flooding a screen reader).
 */
export function TicketCountdown({ seconds, name }: { seconds: number; name: string }) {
  const { t } = useTranslation('modules');
  return (
    <div role="timer" aria-label={t('timeLeftFor', { name })} className="tp-mod-countdown">
      {formatCountdown(seconds)}
    </div>
  );
}
