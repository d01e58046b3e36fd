import { useMutation } from '@tanstack/react-query';
import type { LogoutResponse } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract-constants';

/** POST /pass/api/logout: the token's session forgets its pass holder. */
export function postLogout(): Promise<LogoutResponse> {
  return apiRequest<LogoutResponse>(apiPaths.logout, { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: postLogout });
}
