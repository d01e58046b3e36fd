import { type ConsoleSession, consolePaths } from '@trailpass/contract/console';
import { ApiError } from './errors';
import { apiRequest, onStaleCsrfToken, setCsrfToken } from './http';

/**
 * The signed-in staff member, or null when signed out (401). The answer also carries the CSRF token every
 * unsafe call sends back, kept by http.ts from here.
 */
export async function fetchSession(): Promise<ConsoleSession | null> {
  try {
    const session = await apiRequest<ConsoleSession>(consolePaths.session);
    setCsrfToken(session.csrfToken);
    signedOut = false;
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(null);
      signedOut = true;
      return null;
    }
    throw error;
  }
}

/**
 * The session as last read, shared by react-admin's checkAuth, getIdentity and getPermissions and by the
 * offer picker, so that one page load asks the server once. `refreshSession` reads it again (after
 * sign-in, sign-out, or a 401 from any call).
 */
let current: Promise<ConsoleSession | null> | null = null;
/** True once the server said 401 (or sign-out was done): signing out again has nothing to end. */
let signedOut = false;

export function isKnownSignedOut(): boolean {
  return signedOut;
}

export function getSession(): Promise<ConsoleSession | null> {
  if (!current) {
    current = fetchSession();
    // A failed read (network) is not kept: the next call tries again.
    current.catch(() => {
      current = null;
    });
  }
  return current;
}

export function refreshSession(): Promise<ConsoleSession | null> {
  current = null;
  return getSession();
}

export function forgetSession(): void {
  current = Promise.resolve(null);
  signedOut = true;
  setCsrfToken(null);
}

onStaleCsrfToken(async () => {
  await refreshSession();
});
