import { useParams } from 'react-router';
import { useAppData } from '../../app-data';
import { useProduct } from '../api/product';
import { ModulePage } from './ModulePage';
import { idParamOf } from './route-ids';
import { usePageRequest } from './use-page-request';

/** Product, VenueProduct, DealProduct and DealVenueProduct (spec 2.1, 2.4): the product's modules. */
export default function ProductPage() {
  const { data } = useAppData();
  const request = usePageRequest('Product', data);
  const venueId = idParamOf(useParams().venueId);
  const productId = request?.assignmentId ?? null;
  // GET /products/{id} names the product even before (or without) its modules.
  const { data: product } = useProduct(productId);
  if (!data || !request || productId === null) return null;
  return (
    <ModulePage
      page="product"
      appData={data}
      request={request}
      dealId={request.dealId ?? null}
      venueId={venueId}
      productId={productId}
      heading={(index) => product?.product.name ?? index.products.get(productId)?.name ?? null}
    />
  );
}
