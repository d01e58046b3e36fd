import { useMutation } from '@tanstack/react-query';
import { apiPaths, type LogoutResponse } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /pass/api/logout: the token's session forgets its pass holder. */
export function postLogout(): Promise<LogoutResponse> {
  return apiRequest<LogoutResponse>(apiPaths.logout, { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: postLogout });
}
