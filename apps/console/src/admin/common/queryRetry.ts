import { ApiError } from '../../api/errors';

/**
 * TanStack Query's `retry` for the console's own reads: a refusal (4xx) is not tried again, as it would be
 * refused again; a network failure or a 5xx is tried twice more.
 */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}
