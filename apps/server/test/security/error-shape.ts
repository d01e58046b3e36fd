import { API_BASE, apiPaths } from '@trailpass/contract';
import type { InjectResponse } from './requests';
import type { CatalogueRoute } from './routes';

/** Spec 7's redeem answers keep the one error shape and add these lists beside it (modules/redeem/routes.ts). */
const REDEEM_ROUTES: ReadonlySet<string> = new Set(
  [apiPaths.redeem, apiPaths.checkIn, apiPaths.previewRedeem, apiPaths.previewCheckIn].map(
    (path) => `${API_BASE}${path}`,
  ),
);
const REDEEM_EXTRA_KEYS = ['errors', 'order_products'];

/**
 * What is wrong with a refusal's body, or null: it must be `{ error: { code, message, fields? } }` (DESIGN.md
 * section 4), nothing else. The redeem routes add exactly order_products and errors, except to a refusal
 * made before routing (a URL that does not decode or is too long), which cannot know the route.
 */
export function errorShapeProblem(route: CatalogueRoute, res: InjectResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return `not an object: ${res.body.slice(0, 200)}`;
  const keys = Object.keys(body).sort();
  const redeem = REDEEM_ROUTES.has(route.url) && keys.length > 1;
  const expected = redeem ? ['error', ...REDEEM_EXTRA_KEYS].sort() : ['error'];
  if (JSON.stringify(keys) !== JSON.stringify(expected)) return `keys ${keys.join(', ')}`;
  const error = (body as { error: unknown }).error;
  if (error === null || typeof error !== 'object') return 'error is no object';
  const { code, message, fields, ...rest } = error as Record<string, unknown>;
  if (typeof code !== 'string' || code === '') return 'no error.code';
  if (typeof message !== 'string' || message === '') return 'no error.message';
  if (Object.keys(rest).length > 0) return `error has ${Object.keys(rest).join(', ')}`;
  if (fields !== undefined) {
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
      return 'error.fields is no object';
    if (Object.values(fields).some((value) => typeof value !== 'string'))
      return 'error.fields has a non-string';
  }
  if (redeem) {
    const { order_products: products, errors } = body as { order_products: unknown; errors: unknown };
    if (!Array.isArray(products) || products.length > 0) return 'order_products is not an empty list';
    if (!Array.isArray(errors) || errors.some((e) => typeof e !== 'string'))
      return 'errors is not a list of strings';
  }
  if (res.statusCode >= 500 && code !== 'internal') return `a ${res.statusCode} with code ${code}`;
  return null;
}
