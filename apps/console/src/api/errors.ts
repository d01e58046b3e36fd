import type { ConsoleError } from '@trailpass/contract/console';

/**
 * A refused console call. `body.errors` holds the server's per-field messages joined into one string per
 * field: react-admin's forms read exactly `error.body.errors` and show each message on its field.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The console's codes (ConsoleError['code']) or better-auth's own (INVALID_EMAIL_OR_PASSWORD, ...). */
  readonly code: string | undefined;
  readonly body: { errors?: Record<string, string> };

  constructor(status: number, message: string, code?: string, fieldErrors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = fieldErrors ? { errors: joinFieldErrors(fieldErrors) } : {};
  }
}

function joinFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages.join(' ')]),
  );
}

/** The message a person reads for a status with no usable body (a proxy's page, a dropped connection). */
export function fallbackMessage(status: number): string {
  if (status === 429) return 'Too many tries. Wait a minute and try again.';
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 403) return 'You may not do this.';
  if (status === 404) return 'Not found.';
  if (status >= 500) return 'The server could not do this. Try again in a moment.';
  return `The request failed (${status}).`;
}

function isStringArrayRecord(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'))
  );
}

/**
 * Reads a refusal body: the console's shape (ConsoleError: message, code, per-field errors) and
 * better-auth's ({ message, code }). Checked by hand rather than with the contract's zod schema, so that
 * the sign-in page does not load zod.
 */
export function errorFromBody(status: number, body: unknown): ApiError {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Partial<
    Record<keyof ConsoleError, unknown>
  >;
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : null;
  const code = typeof record.code === 'string' ? record.code : status === 429 ? 'RATE_LIMITED' : undefined;
  const errors = isStringArrayRecord(record.errors) ? record.errors : undefined;
  return new ApiError(status, message ?? fallbackMessage(status), code, errors);
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page, an empty body): the status decides the message.
  }
  return errorFromBody(response.status, body);
}

/**
 * The server's field errors moved onto the form's own inputs where a request field is filled from another
 * input (the message's `sendAt` comes from the `sendAtLocal` wall-time field): react-admin shows
 * `body.errors` by input name. Anything else passes through unchanged.
 */
export function onFormFields(error: unknown, rename: Record<string, string>): unknown {
  if (!(error instanceof ApiError) || !error.body.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.body.errors).map(([field, message]) => [rename[field] ?? field, message]),
  );
  const moved = new ApiError(error.status, error.message, error.code);
  moved.body.errors = errors;
  return moved;
}
