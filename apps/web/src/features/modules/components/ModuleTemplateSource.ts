import type { TemplateSource } from '../../../lib/templates';
import { useModuleContext, usePageEntities } from '../context';

/**
 * What the page's text templates are filled from (spec 2.4): its product, venue and deal. On Experiences
 * that is the deal given by dealId, if any (demo README, resolved ambiguity 9). A record missing from the
 * assignment's data map is taken from /data when it is there. A product page's venue is the product's
 * venue when the route names none.
 */
export function useTemplateSource(): TemplateSource {
  const { appData, index, dealId, productId } = useModuleContext();
  const entities = usePageEntities();
  const product =
    entities.product ??
    (productId === null ? null : (appData.products.find((item) => item.id === productId) ?? null));
  // A product page without a venue in its route still has a place: the product's own ({{address}}).
  const venue =
    entities.venue ??
    (product?.venue_id === null || product?.venue_id === undefined
      ? null
      : (index.venues.get(product.venue_id) ?? null));
  const deal =
    entities.deal ?? (dealId === null ? null : (appData.deals.find((item) => item.id === dealId) ?? null));
  return { product, venue, deal };
}
