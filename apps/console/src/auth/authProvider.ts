import type { ConsoleSession } from '@trailpass/contract/console';
// Types only: this module is part of the sign-in page's bundle, which must not load react-admin.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { signInWithEmail, signOut, verifyTotp } from '../api/auth';
import { ApiError } from '../api/errors';
import { forgetSession, getSession, isKnownSignedOut, refreshSession } from '../api/session';

/**
 * The console's own sign-in page, as a path of react-admin's router (basename /console): the admin's
 * route there hands over to the entry's page (AdminApp's LeaveAdmin).
 */
export const SIGN_IN_PATH = '/sign-in';

export type LoginParams = { email: string; password: string } | { code: string };
export type LoginResult = { secondFactor: boolean };

/**
 * react-admin's authProvider over better-auth and GET /console/api/session. `login` is called by the
 * sign-in page directly; the rest by react-admin (checkAuth on every page, checkError on every refusal).
 */
export const authProvider = {
  async login(params: LoginParams): Promise<LoginResult> {
    if ('code' in params) {
      await verifyTotp(params.code);
    } else if ((await signInWithEmail(params.email, params.password)) === 'second-factor') {
      return { secondFactor: true };
    }
    const session = await refreshSession();
    // Signed in by better-auth, but the console has no staff account for it (or it was just disabled).
    if (!session) throw new ApiError(403, 'This account cannot open the console.');
    return { secondFactor: false };
  },

  async logout(): Promise<string> {
    // react-admin also logs out after a failed checkAuth: a visitor who was never signed in has nothing to end.
    if (isKnownSignedOut()) return SIGN_IN_PATH;
    try {
      await signOut();
    } catch (error) {
      // Already signed out (the session expired or was ended elsewhere): nothing more to end.
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
    } finally {
      forgetSession();
    }
    return SIGN_IN_PATH;
  },

  async checkAuth(): Promise<void> {
    // No "please sign in" notice: the sign-in page says enough.
    if (!(await getSession())) throw { redirectTo: SIGN_IN_PATH, message: false };
  },

  async checkError(error: unknown): Promise<void> {
    if (error instanceof ApiError && error.status === 401) {
      forgetSession();
      throw { redirectTo: SIGN_IN_PATH, message: 'Your session has ended. Sign in again.' };
    }
    // 403 and the rest: the page shows the error; the staff member stays signed in.
  },

  async getIdentity(): Promise<UserIdentity> {
    const session = await getSession();
    if (!session) throw new ApiError(401, 'Signed out.');
    return { id: session.staff.id, fullName: session.staff.name || session.staff.email };
  },

  async getPermissions(): Promise<ConsoleSession | null> {
    return getSession();
  },
} satisfies AuthProvider;
