import type { DataResponse, Product } from '@trailpass/contract';
import { useTranslation } from '../../../i18n';
import { isLoggedIn, isPreview, previewInfo } from '../../app-data';
import { orderProductsOf } from '../redeemable';
import { RedeemAction } from './RedeemAction';

/**
 * The product page's redeem panel: for a holder, how many of the product they have and the action for
 * the first one that can be redeemed now (or why none can); in a preview of this product, the preview
 * redeem, which stores nothing. Nothing for anyone else.
 */
export function RedeemPanel({
  appData,
  product,
}: {
  appData: DataResponse;
  product: Pick<Product, 'id' | 'name' | 'type'>;
}) {
  const { t } = useTranslation('redeem');
  let intro: string;
  let preview = false;
  if (isPreview(appData)) {
    const previewed = previewInfo(appData);
    if (previewed.type !== 'product' || previewed.typeId !== product.id) return null;
    intro = t('previewIntro');
    preview = true;
  } else {
    if (!isLoggedIn(appData)) return null;
    const held = orderProductsOf(appData, product.id).length;
    if (held === 0) return null;
    intro = t('heldCount', { count: held });
  }

  return (
    <div className="tp-redeem-panel">
      <p className="tp-body2" style={{ marginBottom: 12 }}>
        {intro}
      </p>
      <RedeemAction appData={appData} product={product} preview={preview} explain />
    </div>
  );
}
