import type { Product } from '@trailpass/contract';
import { useId } from 'react';
import { Image } from '../../../components/Image';
import { Chip } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { heroUrl } from '../../../lib/media';
import { AppLink } from '../../../lib/navigation';
import { sortProducts } from '../../../lib/sorting';
import { RedeemAction } from '../../redeem/components/RedeemAction';
import { canRedeemProduct, useOfferedOnce } from '../../redeem/offered';
import { ModuleHeading } from '../components/ModuleHeading';
import { type ModulePageContext, useModuleContext, usePageEntities } from '../context';
import { productTarget } from '../links';
import { type ModuleProps, moduleLabel } from '../types';

const THUMBNAIL_SIZE = 88;

/**
 * The products a Products module lists: on a venue page the venue's products (on a deal's venue page,
 * only those of that deal, since their links stay in the deal); on a deal page the deal's products. In
 * the spec 9 order: coupons last, then redemptions ascending, then name.
 */
export function moduleProducts(
  ctx: Pick<ModulePageContext, 'index' | 'dealId' | 'venueId'>,
  venue: { products: number[] } | null,
): Product[] {
  const { index, dealId, venueId } = ctx;
  let products: Product[];
  if (venueId !== null) {
    products = (venue?.products ?? [])
      .map((id) => index.products.get(id))
      .filter((product): product is Product => product !== undefined)
      .filter((product) => dealId === null || product.deal_id === dealId);
  } else if (dealId !== null) {
    products = [...index.products.values()].filter((product) => product.deal_id === dealId);
  } else {
    products = [];
  }
  return sortProducts(products);
}

function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const nameId = useId();
  const redeemed = product.redeemedCount > 0;
  // The holder's own: Redeem (or Check In) below the link, never inside it.
  const withAction = useOfferedOnce(canRedeemProduct(ctx.appData, product.id));
  return (
    <li className="tp-outlined">
      <AppLink
        to={productTarget(ctx, product.id)}
        aria-labelledby={nameId}
        aria-describedby={redeemed ? `${nameId}-redeemed` : undefined}
        className="tp-card-area tp-product-link"
      >
        {/* The name next to it says what it is; below the fold, so it loads when scrolled to. */}
        <Image
          src={heroUrl(product.media)}
          alt=""
          className="tp-img-cover"
          style={{ flex: `0 0 ${THUMBNAIL_SIZE}px`, width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }}
        />
        <div className="tp-product-body">
          <h3 id={nameId} className="tp-subtitle1 tp-bold tp-product-name">
            {product.name}
          </h3>
          {product.short_description && <p className="tp-body2 tp-secondary">{product.short_description}</p>}
          {(product.venueName || redeemed) && (
            <div className="tp-row tp-wrap tp-gap-1 tp-product-meta">
              {product.venueName && <span className="tp-caption tp-secondary">{product.venueName}</span>}
              {redeemed && (
                // The chip's text is the link's description (aria-describedby above).
                <span id={`${nameId}-redeemed`}>
                  <Chip label={t('statusRedeemed')} size="small" color="success" variant="outlined" />
                </span>
              )}
            </div>
          )}
        </div>
      </AppLink>
      {withAction && (
        <div className="tp-product-action">
          <RedeemAction appData={ctx.appData} product={product} nameInLabel />
        </div>
      )}
    </li>
  );
}

/**
 * Products (spec 2.4): the venue's or the deal's products as cards (picture, name, short description,
 * venue, and "Redeemed" once the visitor has used one), each leading to its product page within the
 * page's deal and venue, with Redeem or Check In when the holder can use one now. Nothing when there are
 * none.
 */
export default function Products({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const ctx = useModuleContext();
  const { venue } = usePageEntities();
  const headingId = useId();
  const products = moduleProducts(ctx, venue);
  if (products.length === 0) return null;

  return (
    <div>
      <ModuleHeading id={headingId}>{moduleLabel(module) ?? t('products')}</ModuleHeading>
      <ul className="tp-list tp-stack tp-gap-15" aria-labelledby={headingId}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
    </div>
  );
}
