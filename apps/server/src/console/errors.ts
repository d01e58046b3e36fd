import {
  type CONSOLE_ERROR_CODES,
  type ConsoleError,
  consoleError as consoleErrorSchema,
} from '@trailpass/contract/console';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ApiError, INTERNAL_MESSAGE, toApiError } from '../plugins/errors';

export type ConsoleErrorCode = (typeof CONSOLE_ERROR_CODES)[number];

/** An error a console route or hook throws on purpose; answered in the contract's consoleError shape. */
export class ConsoleApiError extends Error {
  override name = 'ConsoleApiError';
  constructor(
    readonly statusCode: number,
    readonly code: ConsoleErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new ConsoleApiError(401, 'UNAUTHENTICATED', 'You are signed out. Sign in to the console again.');
export const csrfRefused = () =>
  new ConsoleApiError(
    403,
    'CSRF',
    'This request lacks the console’s security token (x-csrf-token). Reload the page and try again.',
  );
export const forbidden = (message = 'Your role does not allow this change.') =>
  new ConsoleApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new ConsoleApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ConsoleApiError(409, 'CONFLICT', message);
export const invalid = (message: string, errors?: Record<string, string[]>) =>
  new ConsoleApiError(422, 'VALIDATION', message, errors);

/** The pass API's error codes as the console's. */
const CODE_OF: Record<string, ConsoleErrorCode> = {
  invalid_input: 'VALIDATION',
  payload_too_large: 'VALIDATION',
  unsupported_media_type: 'VALIDATION',
  unprocessable: 'VALIDATION',
  unauthorized: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rate_limited: 'RATE_LIMITED',
};

function fromApiError(error: ApiError): ConsoleApiError {
  const errors = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, [message]]))
    : undefined;
  return new ConsoleApiError(error.statusCode, CODE_OF[error.code] ?? 'VALIDATION', error.message, errors);
}

export function sendConsoleError(reply: FastifyReply, error: ConsoleApiError | null): FastifyReply {
  const body: ConsoleError = error
    ? { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }
    : { message: INTERNAL_MESSAGE };
  return reply
    .code(error?.statusCode ?? 500)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The console's error handler: every refusal in the contract's consoleError shape (`message`, `code`,
 * per-field `errors`), validation and body errors included; a 5xx says nothing of its cause.
 */
export function setConsoleErrorHandler(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | ConsoleApiError, request: FastifyRequest, reply) => {
    if (error instanceof ConsoleApiError) return sendConsoleError(reply, error);
    const apiError = toApiError(error);
    if (!apiError) request.log.error({ err: error }, 'request failed');
    return sendConsoleError(reply, apiError ? fromApiError(apiError) : null);
  });
}

/** Error responses for a console route's OpenAPI schema. */
export function consoleErrorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof consoleErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, consoleErrorSchema])) as Record<
    S,
    typeof consoleErrorSchema
  >;
}
