import { AUTH_PATHS, RESET_PASSWORD_PAGE } from '@trailpass/contract/console';
import { apiRequest } from './http';

/**
 * better-auth 1.6's endpoints, mounted by the server under /console/api/auth (contract: AUTH_PATHS). Their
 * answers are better-auth's own: sign-in gives `{ twoFactorRedirect: true }` when the account has a second
 * factor, and the session cookie only once the TOTP code is verified.
 */
export type SignInResult = 'signed-in' | 'second-factor';

export async function signInWithEmail(email: string, password: string): Promise<SignInResult> {
  const answer = await apiRequest<{ twoFactorRedirect?: boolean } | undefined>(AUTH_PATHS.signIn, {
    method: 'POST',
    body: { email, password },
  });
  return answer?.twoFactorRedirect ? 'second-factor' : 'signed-in';
}

export async function verifyTotp(code: string): Promise<void> {
  await apiRequest(AUTH_PATHS.verifyTotp, { method: 'POST', body: { code } });
}

export async function signOut(): Promise<void> {
  await apiRequest(AUTH_PATHS.signOut, { method: 'POST', body: {} });
}

/** The e-mailed link leads to RESET_PASSWORD_PAGE: better-auth appends `?token=...` (or `?error=...`). */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest(AUTH_PATHS.requestPasswordReset, {
    method: 'POST',
    body: { email, redirectTo: RESET_PASSWORD_PAGE },
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiRequest(AUTH_PATHS.resetPassword, { method: 'POST', body: { token, newPassword } });
}
