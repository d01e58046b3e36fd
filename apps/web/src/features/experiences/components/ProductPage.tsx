import { useParams } from 'react-router';
import { useAppData } from '../../app-data';
import { useProduct } from '../api/product';
import { ModulePage } from './ModulePage';
import { idParamOf } from './route-ids';

/** Product, VenueProduct, DealProduct and DealVenueProduct (spec 2.1, 2.4): the product's modules. */
export default function ProductPage() {
  const { data } = useAppData();
  const params = useParams();
  const productId = idParamOf(params.productId);
  const dealId = idParamOf(params.dealId);
  const venueId = idParamOf(params.venueId);
  // GET /products/{id} names the product even before (or without) its modules.
  const { data: product } = useProduct(productId);
  if (!data || productId === null) return null;
  return (
    <ModulePage
      page="product"
      appData={data}
      request={{ type: 'product', assignmentId: productId, location: 'pass', dealId }}
      dealId={dealId}
      venueId={venueId}
      productId={productId}
      heading={(index) => product?.product.name ?? index.products.get(productId)?.name ?? null}
    />
  );
}
