import { useMutation } from '@tanstack/react-query';
import { apiPaths, type LoginRequest, type LoginResponse } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /pass/api/login {email}: 404 when the e-mail is not a holder of this pass. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(apiPaths.login, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: postLogin });
}
