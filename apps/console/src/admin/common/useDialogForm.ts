import { useCallback, useState } from 'react';
import type { ApiError } from '../../api/errors';
import { useConsoleCall } from './useConsoleCall';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SendOptions {
  onFailure?: (error: ApiError) => boolean;
  /** The server's field messages (by the request's field names) as the form's fields. */
  fieldErrors?: (errors: Record<string, string>) => Record<string, string>;
}

export interface DialogForm<Field extends string> {
  /** Messages under the fields: the form's own checks, or the server's per-field messages. */
  errors: FieldErrors<Field>;
  /** The server's message for the whole form (FormDialog shows it as an alert). */
  formError: string | null;
  busy: boolean;
  /** Shows the form's own field checks; true when there were none, so the form may be sent. */
  check: (found: FieldErrors<Field>) => boolean;
  /**
   * Sends the form: busy while `run` runs; its value on success. On failure the server's field messages go
   * on their fields (through `fieldErrors` when the server's names are not the form's) and its message
   * above them, unless `onFailure` takes the error (returns true), as a 409 conflict that closes the dialog
   * does. Undefined on failure and when the staff member was sent to sign in.
   */
  send: <T>(
    run: () => Promise<T>,
    fallback: string,
    options?: SendOptions,
  ) => Promise<{ value: T } | undefined>;
  /** Clears every message (on close, or when the dialog opens for another record); a stable function. */
  reset: () => void;
}

/**
 * The state every console form dialog has (ShipDialog, CancelItemDialog, AddStaffDialog, ChangeRoleDialog,
 * AdjustPointsDialog, the content quick edits): field messages, a form message and a busy flag around one
 * of the console's own calls (useConsoleCall, so a 401 still sends the staff member to sign in).
 */
export function useDialogForm<Field extends string>(): DialogForm<Field> {
  const call = useConsoleCall();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function check(found: FieldErrors<Field>): boolean {
    setErrors(found);
    setFormError(null);
    return Object.keys(found).length === 0;
  }

  async function send<T>(
    run: () => Promise<T>,
    fallback: string,
    options: SendOptions = {},
  ): Promise<{ value: T } | undefined> {
    setFormError(null);
    setBusy(true);
    const outcome = await call(run, fallback);
    setBusy(false);
    if (outcome.ok) return { value: outcome.value };
    if (outcome.signedOut || options.onFailure?.(outcome.error)) return undefined;
    const errors = outcome.error.body.errors ?? {};
    setErrors((options.fieldErrors ? options.fieldErrors(errors) : errors) as FieldErrors<Field>);
    setFormError(outcome.error.message);
    return undefined;
  }

  // Stable, so that a dialog may reset in an effect when it opens for another record.
  const reset = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  return { errors, formError, busy, check, send, reset };
}
