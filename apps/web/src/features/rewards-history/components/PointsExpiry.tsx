import EventIcon from '@mui/icons-material/Event';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Deal, PointsExpiration } from '@trailpass/contract';
import { useId } from 'react';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { formatNumber } from '../../../lib/number-format';
import { type ExpiryInfo, hasExpired } from '../rewards-history';

export const WHEN_DO_MY_POINTS_EXPIRE = 'When Do My Points Expire?';

const pointsWord = (points: number, locale?: string) =>
  `${formatNumber(points, locale)} ${points === 1 ? 'point' : 'points'}`;

/** Spec 2.10 points offer: the next points to expire and their date. */
export function nextExpiryText(next: PointsExpiration | null, locale?: string): string {
  if (!next || next.points <= 0) return 'None of your points are due to expire.';
  return `${pointsWord(next.points, locale)} expire on ${formatDate(next.date, POINTS_DATE_FORMAT)}`;
}

/** A deal's valid-until date, or why there is none. */
export function dealValidityText(deal: Pick<Deal, 'points_valid_until'>): string {
  const date = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  if (!date) return 'No expiry date';
  return hasExpired(deal.points_valid_until) ? `Expired ${date}` : `Valid until ${date}`;
}

/** Spec 2.10 one gamified deal: a single line. */
export function singleDealText(deal: Pick<Deal, 'name' | 'points_valid_until'>): string {
  const date = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  if (!date) return `Your ${deal.name} points do not expire.`;
  return hasExpired(deal.points_valid_until)
    ? `Your ${deal.name} points expired on ${date}.`
    : `Your ${deal.name} points are valid until ${date}.`;
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
  const summaryId = useId();
  const detailsId = useId();
  switch (info.kind) {
    case 'none':
      return null;
    case 'points':
      return <Line>{nextExpiryText(next, locale)}</Line>;
    case 'deal':
      return <Line>{singleDealText(info.deal)}</Line>;
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
              {WHEN_DO_MY_POINTS_EXPIRE}
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
                    {dealValidityText(deal)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      );
  }
}
