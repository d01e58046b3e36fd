import EventIcon from '@mui/icons-material/Event';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Deal, PointsExpiration } from '@trailpass/contract';
import { useId } from 'react';
import { type TFunction, useTranslation } from '../../../i18n';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { formatNumber } from '../../../lib/number-format';
import { type ExpiryInfo, hasExpired } from '../rewards-history';

type T = TFunction<'rewardsHistory'>;

/** Spec 2.10 points offer: the next points to expire and their date. */
export function nextExpiryText(next: PointsExpiration | null, t: T, locale?: string): string {
  if (!next || next.points <= 0) return t('noneExpire');
  return t('pointsExpireOn', {
    count: next.points,
    points: formatNumber(next.points, locale),
    date: formatDate(next.date, POINTS_DATE_FORMAT),
  });
}

/** A deal's valid-until date, or why there is none. */
export function dealValidityText(deal: Pick<Deal, 'points_valid_until'>, t: T): string {
  const date = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  if (!date) return t('noExpiryDate');
  return hasExpired(deal.points_valid_until) ? t('expiredOn', { date }) : t('validUntil', { date });
}

/** Spec 2.10 one gamified deal: a single line. */
export function singleDealText(deal: Pick<Deal, 'name' | 'points_valid_until'>, t: T): string {
  const date = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  if (!date) return t('dealPointsDoNotExpire', { deal: deal.name });
  return hasExpired(deal.points_valid_until)
    ? t('dealPointsExpiredOn', { deal: deal.name, date })
    : t('dealPointsValidUntil', { deal: deal.name, date });
}

function Line({ children }: { children: string }) {
  return (
    <Typography
      variant="body2"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}
    >
      <EventIcon aria-hidden="true" fontSize="small" />
      {children}
    </Typography>
  );
}

/**
 * Spec 2.10 expiry: a points offer's next expiring points and date; several gamified deals as the
 * collapsible When Do My Points Expire? list (deal name, valid-until date); one deal as a single line.
 */
export function PointsExpiry({
  info,
  next,
  locale,
}: {
  info: ExpiryInfo;
  /** The points offer's next expiration (points/current). */
  next: PointsExpiration | null;
  locale?: string;
}) {
  const { t } = useTranslation('rewardsHistory');
  const summaryId = useId();
  const detailsId = useId();
  switch (info.kind) {
    case 'none':
      return null;
    case 'points':
      return <Line>{nextExpiryText(next, t, locale)}</Line>;
    case 'deal':
      return <Line>{singleDealText(info.deal, t)}</Line>;
    case 'deals':
      return (
        <Accordion disableGutters variant="outlined" sx={{ borderRadius: 1 }}>
          <AccordionSummary
            id={summaryId}
            aria-controls={detailsId}
            expandIcon={<ExpandMoreIcon aria-hidden="true" />}
            sx={{ minHeight: 48 }}
          >
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('whenDoMyPointsExpire')}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={detailsId} aria-labelledby={summaryId}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {info.deals.map((deal) => (
                <Box
                  component="li"
                  key={deal.id}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {deal.name}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ color: hasExpired(deal.points_valid_until) ? 'error.main' : 'text.secondary' }}
                  >
                    {dealValidityText(deal, t)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      );
  }
}
