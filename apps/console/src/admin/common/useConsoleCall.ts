import { useLogoutIfAccessDenied } from 'react-admin';
import { ApiError } from '../../api/errors';

export type CallOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; signedOut: true }
  | { ok: false; signedOut: false; error: ApiError };

/**
 * Runs one of the console's own calls (not the dataProvider's): a 401 still sends the staff member to sign
 * in, as react-admin does for its own; any other failure comes back as an ApiError with a message to show.
 */
export function useConsoleCall() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return async function call<T>(run: () => Promise<T>, fallback: string): Promise<CallOutcome<T>> {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && (await logoutIfAccessDenied(error)))
        return { ok: false, signedOut: true };
      return {
        ok: false,
        signedOut: false,
        error: error instanceof ApiError ? error : new ApiError(0, fallback),
      };
    }
  };
}
