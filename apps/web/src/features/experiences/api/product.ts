import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProductResponse, rootApiPaths } from '@trailpass/contract';
import { apiPath, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** GET /products/{productId} (spec 7 Product, at the site root). */
export function fetchProduct(productId: number, signal?: AbortSignal): Promise<ProductResponse> {
  return apiRequest<ProductResponse>(apiPath(rootApiPaths.product, { productId }), {
    base: 'root',
    ...(signal ? { signal } : {}),
  });
}

export function productQueryOptions(productId: number, token: string | null = getToken()) {
  return queryOptions({
    queryKey: ['product', token, productId] as const,
    queryFn: ({ signal }) => fetchProduct(productId, signal),
    staleTime: 60_000,
  });
}

export function useProduct(productId: number | null) {
  return useQuery({ ...productQueryOptions(productId ?? 0), enabled: productId !== null });
}
