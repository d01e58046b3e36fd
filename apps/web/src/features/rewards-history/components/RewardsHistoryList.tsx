import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { AppLink } from '../../../lib/navigation';
import { formatNumber } from '../../../lib/number-format';
import { capitalise, pendingPickupOrderId, type RewardsHistoryEntry, signedPoints } from '../rewards-history';

function EntryItem({ entry, locale }: { entry: RewardsHistoryEntry; locale?: string }) {
  const { t } = useTranslation('rewardsHistory');
  const reason = capitalise(entry.reason_text);
  const date = formatDate(entry.value_date, POINTS_DATE_FORMAT);
  const orderId = pendingPickupOrderId(entry);
  const balance = formatNumber(entry.balance, locale);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, minWidth: 0 }}>
          {reason}
        </Typography>
        <Typography
          variant="body1"
          sx={{
            fontWeight: 700,
            whiteSpace: 'nowrap',
            color: entry.points > 0 ? 'success.dark' : 'text.primary',
          }}
        >
          {signedPoints(entry.points, locale)}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('pointsUnit', { count: Math.abs(entry.points) })}
          </Box>
        </Typography>
      </Box>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, mt: 0.25 }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 0 }}>
          {entry.dealName && (
            <>
              {entry.dealName}
              <span aria-hidden="true"> · </span>
              <Box component="span" sx={visuallyHidden}>
                ,{' '}
              </Box>
            </>
          )}
          <time dateTime={entry.value_date}>{date}</time>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {t('balance', { balance })}
        </Typography>
      </Box>
      {orderId !== null && (
        <Button
          component={AppLink}
          to={{ name: 'OrderDetails', params: { orderId }, query: { type: 'products' } }}
          variant="contained"
          color="warning"
          size="small"
          aria-label={t('pendingPickupForOrder', { id: orderId })}
          sx={{ mt: 1, minHeight: 40 }}
        >
          {t('pendingPickup')}
        </Button>
      )}
    </Box>
  );
}

/**
 * Spec 2.10 entries, newest first: the reason (first letter capitalised), the deal's name, the value
 * date, the signed points and the running balance; Pending Pickup leads to the order to collect.
 */
export function RewardsHistoryList({
  entries,
  locale,
}: {
  entries: readonly RewardsHistoryEntry[];
  locale?: string;
}) {
  const { t } = useTranslation('rewardsHistory');
  return (
    <Box component="ul" aria-label={t('pointsHistory')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((entry) => (
        <EntryItem key={entry.id} entry={entry} locale={locale} />
      ))}
    </Box>
  );
}
