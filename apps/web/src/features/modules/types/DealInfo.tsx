import { type OrderDeal, showsRedemptionsSummary } from '@trailpass/contract';
import { Image } from '../../../components/Image';
import { SpacedText } from '../../../components/SpacedText';
import { translate, useTranslation } from '../../../i18n';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { HERO_BOX_STYLE, ModuleDetail } from '../components/ModuleDetails';
import { useModuleContext, usePageEntities } from '../context';
import type { ModuleProps } from '../types';

/** "Up to 6 of its 8 products": the limit of one pass, against what the deal holds when that is more. */
export function redemptionLimitText(max: number, total: number): string {
  return total > max
    ? translate('modules:upToOfProducts', { max, total })
    : translate('modules:upToProducts', { count: max });
}

/**
 * Spec 4 Deal order redemptions summary, from the holder's order deals of the deal: "5 of 7 redemptions
 * used · 2 left" (made, of the deal's max plus the redemptions added to the holder's orders, and what is
 * left: the order deals' remaining, or the difference when one of them does not say).
 */
export function redemptionsSummaryText(
  max: number,
  orderDeals: ReadonlyArray<
    Pick<OrderDeal, 'redemptions_made' | 'redemptions_remaining' | 'added_max_redemptions'>
  >,
): string {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const allowed = max + sum(orderDeals.map((orderDeal) => orderDeal.added_max_redemptions ?? 0));
  const made = sum(orderDeals.map((orderDeal) => orderDeal.redemptions_made));
  const remaining = orderDeals.map((orderDeal) => orderDeal.redemptions_remaining);
  const left = remaining.every((value): value is number => value !== null)
    ? sum(remaining)
    : Math.max(0, allowed - made);
  return translate('modules:redemptionsSummary', { made, allowed, left });
}

/**
 * DealInfo (spec 2.4): the page's deal: its picture, name (h2: the page has the h1), short and long
 * description, how long its points are valid, how many of its products one pass can redeem and, for a
 * holder of the deal whose limit is below its product count, how many of their redemptions are used.
 */
export default function DealInfo(_props: ModuleProps) {
  const { t } = useTranslation('modules');
  const { appData } = useModuleContext();
  const { deal } = usePageEntities();
  if (!deal) return null;
  const orderDeals = appData.order_deals.filter((orderDeal) => orderDeal.deal_id === deal.id);
  const validUntil = formatDate(deal.points_valid_until, POINTS_DATE_FORMAT);
  const max = deal.max_product_redemptions;

  return (
    <div className="tp-info">
      {/* The top of a deal page: loaded at once, it is what the visitor sees first. */}
      <Image src={heroUrl(deal.media)} alt="" loading="eager" style={HERO_BOX_STYLE} />
      <h2 className="tp-h5 tp-bold tp-info-name">{deal.name}</h2>
      <SpacedText text={deal.short_description} variant="subtitle1" component="p" className="tp-secondary" />
      <SpacedText text={deal.description} component="div" style={{ marginTop: 8 }} />
      <ModuleDetail label={t('pointsValidUntil')} text={validUntil || null} />
      {max !== null && max > 0 && (
        <ModuleDetail label={t('redemptionLimit')} text={redemptionLimitText(max, deal.totalProductsCount)} />
      )}
      {max !== null && orderDeals.length > 0 && showsRedemptionsSummary(deal, orderDeals) && (
        <ModuleDetail label={t('yourRedemptions')} text={redemptionsSummaryText(max, orderDeals)} />
      )}
    </div>
  );
}
