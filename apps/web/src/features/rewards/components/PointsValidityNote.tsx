import EventIcon from '~icons/ic/baseline-event';
import { cx } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import type { PointsNote } from '../rewards-deals';

/** Spec 2.5 note: until when the points can be spent, or the day they expired. */
export function PointsValidityNote({ note }: { note: PointsNote }) {
  const { t } = useTranslation('rewards');
  const date = formatDate(note.date, POINTS_DATE_FORMAT);
  const expired = note.kind === 'expired';
  return (
    <p className={cx('tp-body2', 'tp-points-note', expired ? 'tp-error-text' : 'tp-secondary')}>
      <EventIcon />
      {expired ? t('pointsExpiredOn', { date }) : t('redeemUntil', { date })}
    </p>
  );
}
