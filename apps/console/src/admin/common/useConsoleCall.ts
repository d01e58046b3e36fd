import { useLogoutIfAccessDenied } from 'react-admin';
import { ApiError } from '../../api/errors';
import { refreshSession } from '../../api/session';

export type CallOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; signedOut: true }
  | { ok: false; signedOut: false; error: ApiError };

/** The message to show for an outcome: null when it succeeded or the staff member was sent to sign in. */
export function failureMessage(outcome: CallOutcome<unknown>): string | null {
  return outcome.ok || outcome.signedOut ? null : outcome.error.message;
}

/**
 * Runs one of the console's own calls (not the dataProvider's): a 401 still sends the staff member to sign
 * in, as react-admin does for its own; any other failure comes back as an ApiError with a message to show.
 *
 * `recheckSession`: for better-auth's account calls, which answer 401 for a wrong TOTP code or password
 * too. A 401 then sends the staff member to sign in only when the session, read again, is really gone;
 * otherwise its message is shown.
 */
export function useConsoleCall(options: { recheckSession?: boolean } = {}) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async function call<T>(run: () => Promise<T>, fallback: string): Promise<CallOutcome<T>> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        const gone = !options.recheckSession || (await refreshSession().catch(() => undefined)) === null;
        if (gone && (await logoutIfAccessDenied(error))) return { ok: false, signedOut: true };
      }
      return {
        ok: false,
        signedOut: false,
        error: error instanceof ApiError && error.message ? error : new ApiError(0, fallback),
      };
    }
  };
}
