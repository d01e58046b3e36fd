import { z } from 'zod';
import { idParam, passQuery } from './common';
import { product, venue } from './entities';

/** GET /products/{productId} (spec 7 Product; served at the site root, outside /pass/api). */
export const productParams = z.strictObject({ productId: idParam });
export const productQuery = passQuery;

/** The product of the session's offer, with its venue (null for a product without one). */
export const productResponse = z.object({ product, venue: venue.nullable() });
export type ProductResponse = z.infer<typeof productResponse>;
