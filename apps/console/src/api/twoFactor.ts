import { AUTH_PATHS } from '@trailpass/contract/console';
import { apiRequest } from './http';

/**
 * better-auth 1.6's TOTP routes for the signed-in staff member (contract: AUTH_PATHS; decision 0037).
 * Enabling hands out a new secret and backup codes but turns nothing on: the second factor counts once a
 * code from the authenticator app is verified. Both enabling and disabling ask for the password again.
 */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>(AUTH_PATHS.enableTwoFactor, { method: 'POST', body: { password } });
}

/** The first code of the authenticator app: from now on, sign-in asks for one. */
export async function confirmTwoFactor(code: string): Promise<void> {
  await apiRequest(AUTH_PATHS.verifyTotp, { method: 'POST', body: { code } });
}

export async function turnOffTwoFactor(password: string): Promise<void> {
  await apiRequest(AUTH_PATHS.disableTwoFactor, { method: 'POST', body: { password } });
}
