import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { showsCash } from '@trailpass/contract';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { formatCash, formatPoints } from '../format';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" sx={strong ? { fontWeight: 600 } : {}}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Spec 2.8 totals, also shown by OrderDetails ("Totals and payments as in ReviewOrder"): Order Points
 * Total, Order Cash Total, and the Payments lines. The cash lines follow the contract's one cash rule
 * (`showsCash`, decision 0033): they show when the order cost money.
 */
export function OrderTotals({ points, pricePaid }: { points: number; pricePaid: string }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  const showCash = showsCash({ price_paid: pricePaid });
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" sx={visuallyHidden}>
        {t('totals')}
      </Typography>
      <Row label={t('orderPointsTotal')} strong>
        {formatPoints(points)}
      </Row>
      {showCash && (
        <Row label={t('orderCashTotal')} strong>
          {formatCash(pricePaid)}
        </Row>
      )}
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1.5, fontWeight: 600 }}>
        {t('payments')}
      </Typography>
      <Row label={t('paymentPoints')}>{formatPoints(points)}</Row>
      {showCash && <Row label={t('paymentCash')}>{formatCash(pricePaid)}</Row>}
    </Box>
  );
}
