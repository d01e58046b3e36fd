import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  type LoginCodeRequest,
  type LoginRequest,
  type LoginResponse,
  type LostLinkRequest,
  type LostLinkResponse,
  type SignedIn,
} from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /pass/api/login {email}: 404 when the e-mail is not a holder of this pass. On an offer that
 * verifies sign-in by e-mail (issue 29) the answer is `code_sent` instead, and the code completes it.
 */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(apiPaths.login, { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: postLogin });
}

/** POST /pass/api/login/code {code}: the e-mailed code; 422 for a wrong or ended one. */
export function useLoginCode() {
  return useMutation({
    mutationFn: (body: LoginCodeRequest) =>
      apiRequest<SignedIn>(apiPaths.loginCode, { method: 'POST', body }),
  });
}

/** POST /pass/api/login/lost-link {email}: the same answer whether or not the e-mail has a pass. */
export function useLostLink() {
  return useMutation({
    mutationFn: (body: LostLinkRequest) =>
      apiRequest<LostLinkResponse>(apiPaths.lostLink, { method: 'POST', body }),
  });
}
