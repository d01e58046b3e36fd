import { useLogoutIfAccessDenied } from 'react-admin';
import { ApiError } from '../../api/errors';
import { refreshSession } from '../../api/session';

export type AccountOutcome<T> = { ok: true; value: T } | { ok: false; message: string } | null;

/**
 * Runs one of better-auth's account calls. Unlike the console's own routes, better-auth answers 401 for a
 * wrong TOTP code too: a 401 sends the staff member to sign in only when the session is really gone
 * (read again); otherwise its message is shown. Null means they were sent to sign in.
 */
export function useAccountCall() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async function call<T>(run: () => Promise<T>, fallback: string): Promise<AccountOutcome<T>> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        const session = await refreshSession().catch(() => undefined);
        if (session === null && (await logoutIfAccessDenied(error))) return null;
      }
      return { ok: false, message: error instanceof ApiError && error.message ? error.message : fallback };
    }
  };
}
