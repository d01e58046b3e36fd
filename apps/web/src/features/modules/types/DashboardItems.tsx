import type { Product } from '@trailpass/contract';
import { Chip } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { formatPartnerDateTime } from '../../../lib/dates';
import { heroUrl } from '../../../lib/media';
import { isLoggedIn, isPreview } from '../../app-data';
import { RedeemAction } from '../../redeem/components/RedeemAction';
import { useOfferedOnce } from '../../redeem/offered';
import { CardList } from '../components/CardList';
import { ContentCard } from '../components/ContentCard';
import { type PurchasedItem, purchasedItems, statusLabel } from '../components/purchased';
import { TitledSection } from '../components/TitledSection';
import { useModuleContext } from '../context';
import { productTarget } from '../links';
import { type ModuleProps, moduleLabel } from '../types';

/**
 * One purchased product: the card leads to the product; below the link (never inside it), Redeem or
 * Check In while one of them can be used, kept after a redemption for its success line.
 */
function PurchasedCard({ item }: { item: PurchasedItem }) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const { appData } = ctx;
  const { product, count, status, availableAgain } = item;
  const withAction = useOfferedOnce(status === 'ready');
  return (
    <ContentCard
      title={product.name}
      image={heroUrl(product.media)}
      link={{ kind: 'route', to: productTarget(ctx, product.id) }}
      footer={withAction && <RedeemAction appData={appData} product={product} nameInLabel />}
    >
      {product.venueName && <p className="tp-body2 tp-secondary">{product.venueName}</p>}
      <div className="tp-mod-chips tp-mod-purchase-status">
        <Chip
          size="small"
          color={status === 'ready' ? 'success' : 'default'}
          variant={status === 'ready' ? 'filled' : 'outlined'}
          label={statusLabel(status)}
        />
        <p className="tp-body2 tp-secondary">{t('purchasedCount', { count })}</p>
      </div>
      {availableAgain && (
        <p className="tp-caption tp-secondary tp-mod-mt-05">
          {t('availableAgain', { date: formatPartnerDateTime(availableAgain, appData.partner?.timezone) })}
        </p>
      )}
    </ContentCard>
  );
}

/**
 * Spec 2.4 DashboardItems (purchased items): the signed-in user's products, one card each with how many
 * they hold and whether one is ready to use, leading to the product, with the redeem action beside it. A
 * preview or a signed-out visitor has no purchases to show, so the module shows nothing for them.
 */
export default function DashboardItems({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const { appData, index } = ctx;
  if (!isLoggedIn(appData) || isPreview(appData)) return null;

  const products = new Map<number, Product>(appData.products.map((product) => [product.id, product]));
  const items = purchasedItems(appData, (id) => products.get(id) ?? index.products.get(id) ?? null);

  return (
    <TitledSection title={moduleLabel(module)}>
      {(headingId) =>
        items.length === 0 ? (
          <p className="tp-body2 tp-secondary">{t('noPurchases')}</p>
        ) : (
          <CardList
            items={items}
            itemKey={(item) => item.product.id}
            layout="grid"
            labelledBy={headingId}
            label={module.name}
            renderItem={(item) => <PurchasedCard item={item} />}
          />
        )
      }
    </TitledSection>
  );
}
