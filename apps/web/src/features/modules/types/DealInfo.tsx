import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Image } from '../../../components/Image';
import { SpacedText } from '../../../components/SpacedText';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { HERO_BOX_SX, ModuleDetail } from '../components/ModuleDetails';
import { usePageEntities } from '../context';
import type { ModuleProps } from '../types';

/** "Up to 6 of its 8 products": the limit of one pass, against what the deal holds when that is more. */
export function redemptionLimitText(max: number, total: number): string {
  const noun = max === 1 ? 'product' : 'products';
  return total > max ? `Up to ${max} of its ${total} products` : `Up to ${max} ${noun}`;
}

/**
 * DealInfo (spec 2.4): the page's deal: its picture, name (h2: the page has the h1), short and long
 * description, how long its points are valid, and how many of its products one pass can redeem.
 */
export default function DealInfo(_props: ModuleProps) {
  const { deal } = usePageEntities();
  if (!deal) return null;
  const validUntil = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  const max = deal.max_product_redemptions;

  return (
    <Box sx={{ pt: 2 }}>
      {/* The top of a deal page: loaded at once, it is what the visitor sees first. */}
      <Image src={heroUrl(deal.media)} alt="" loading="eager" sx={HERO_BOX_SX} />
      <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mt: 2 }}>
        {deal.name}
      </Typography>
      <SpacedText
        text={deal.short_description}
        variant="subtitle1"
        component="p"
        sx={{ color: 'text.secondary' }}
      />
      <SpacedText text={deal.description} component="div" sx={{ mt: 1 }} />
      <ModuleDetail label="Points valid until" text={validUntil || null} />
      {max !== null && max > 0 && (
        <ModuleDetail label="Redemption limit" text={redemptionLimitText(max, deal.totalProductsCount)} />
      )}
    </Box>
  );
}
