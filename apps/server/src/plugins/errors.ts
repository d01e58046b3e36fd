import type { ErrorBody, ErrorCode } from '@trailpass/contract';
import { DEFAULT_PASS_LANGUAGE, errorBody } from '@trailpass/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type Translate, translator } from '../modules/language/i18n';
import { setSecurityHeaders } from './security';

/** An error a route or hook throws on purpose; the handler below turns it into the one error shape. */
export class ApiError extends Error {
  override name = 'ApiError';
  /**
   * The message in another language, for a holder's message with a value in it (decision 0049); the error
   * handler's localizer uses it (and knows the fixed messages by their English text).
   */
  localize?: (t: Translate) => string;
  /** A validation refusal's issues, from which the localizer tells its message and fields again. */
  validation?: ValidationRefusal;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * The error in the request's language (modules/language/errors.ts), or itself. The error handler awaits it
 * only when it gives a promise (when it needs the holder's saved language).
 */
export type ErrorLocalizer = (request: FastifyRequest, error: ApiError) => ApiError | Promise<ApiError>;

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError(400, 'invalid_input', message, fields);
export const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);
export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'not_found', message);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, 'unprocessable', message, fields);

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';
/** The longest path segment the router takes as a parameter (Fastify's maxParamLength). */
export const MAX_PATH_SEGMENT_LENGTH = 200;
export const PATH_SEGMENT_TOO_LONG_MESSAGE = 'A part of the URL path is too long.';

export function errorPayload(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/**
 * What an error answer says: an ApiError, or the same fields as a plain object where no error was thrown
 * (the 404 of a path nothing serves, which has no use for the stack trace an Error records: making one was a
 * tenth of that answer's time; decision 0036).
 */
export type ErrorAnswer = Pick<ApiError, 'statusCode' | 'code' | 'message' | 'fields'>;

/**
 * Every error answer goes out here: the one shape (plus a route's `extra` keys) and `Cache-Control:
 * no-store`, so that no cache keeps a refusal (a 401 for a token that later works, a 404 for a file
 * that is about to be deployed) in place of the answer.
 */
export function sendError(
  reply: FastifyReply,
  error: ErrorAnswer,
  extra?: Record<string, unknown>,
): FastifyReply {
  const body = errorPayload(error.code, error.message, error.fields);
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .send(extra ? { ...body, ...extra } : body);
}

/** Error responses for a route's OpenAPI schema: the one shape under every listed status. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

/** One issue of a validation error: fastify-type-provider-zod's copy of a zod issue (its path as a pointer, its code as `keyword`, its other keys in `params`), or Ajv's. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** A validation refusal as found, kept on its ApiError so the localizer can tell it again (decision 0049). */
export interface ValidationRefusal {
  /** Fastify's validationContext: body, querystring, params or headers. */
  context: string;
  issues: readonly ValidationIssue[];
}

/**
 * The words a validation refusal is told in: the catalogue's sentences of one language, and each issue's
 * message in it (English: the issue's own, as zod or the schema wrote it).
 */
export interface ValidationWords {
  t: Translate;
  issue: (issue: ValidationIssue) => string | undefined;
}

const ENGLISH_WORDS: ValidationWords = {
  t: translator(DEFAULT_PASS_LANGUAGE),
  issue: (issue) => issue.message,
};

/** Field messages keyed by field name (dotted for nested fields); unknown keys get their own entry. */
function validationFields(
  issues: readonly ValidationIssue[],
  { t, issue: messageOf }: ValidationWords,
): { fields: Record<string, string>; root: string[]; expectedObject: boolean } {
  const fields: Record<string, string> = {};
  const root: string[] = [];
  // Told by zod's English message, whatever language the answer is in.
  let expectedObject = false;
  for (const issue of issues) {
    const name = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) {
        fields[name ? `${name}.${String(key)}` : String(key)] = t('validation.unknownField');
      }
    } else if (name) {
      fields[name] ??= messageOf(issue) ?? t('validation.invalidValue');
    } else {
      root.push(messageOf(issue) ?? t('validation.invalidValue'));
      expectedObject ||= /expected object/i.test(issue.message ?? '');
    }
  }
  return { fields, root, expectedObject };
}

/**
 * The 400 of a validation refusal in `words` (English unless told): the catalogue names the part of the
 * request (`where`: body, querystring, params, headers, else the request) and lists the fields.
 */
export function validationRefusalError(
  { context, issues }: ValidationRefusal,
  words: ValidationWords = ENGLISH_WORDS,
): ApiError {
  const { t } = words;
  const { fields, root, expectedObject } = validationFields(issues, words);
  const names = Object.keys(fields);
  let error: ApiError;
  if (names.length === 0) {
    error = badRequest(
      expectedObject
        ? t('validation.mustBeObject', { where: context })
        : t('validation.invalidRoot', { where: context, messages: root.join('; ') }),
    );
  } else {
    const summary = names.map((name) => `${name}: ${fields[name]}`).join('; ');
    error = badRequest(t('validation.invalidFields', { where: context, summary }), fields);
  }
  error.validation = { context, issues };
  return error;
}

function validationError(error: FastifyError): ApiError {
  return validationRefusalError({
    context: error.validationContext ?? 'body',
    issues: (error.validation ?? []) as ValidationIssue[],
  });
}

/** The fixed refusals of a request Fastify could not read (the catalogue's `validation` area, decision 0049). */
export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';
export const EMPTY_BODY_MESSAGE = 'The request body is empty; send a JSON object.';
export const MEDIA_TYPE_MESSAGE = 'Send the request body as application/json.';
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
export const CONTENT_LENGTH_MESSAGE = 'The request body does not match its Content-Length.';
export const INVALID_REQUEST_MESSAGE = 'Invalid request.';

/** The ApiError an error stands for (validation, body parsing, a 4xx of a plugin), or null for a 5xx. */
export function toApiError(error: FastifyError | ApiError): ApiError | null {
  if (error instanceof ApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.validation.length > 0)) {
    return validationError(error);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest(INVALID_JSON_MESSAGE);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest(EMPTY_BODY_MESSAGE);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'unsupported_media_type', MEDIA_TYPE_MESSAGE);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', BODY_TOO_LARGE_MESSAGE);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest(CONTENT_LENGTH_MESSAGE);
  }
  const status = error.statusCode;
  if (status === 429) {
    return new ApiError(
      429,
      'rate_limited',
      error.message || 'Too many requests. Please wait and try again.',
    );
  }
  if (status !== undefined && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return new ApiError(
      status,
      CODE_BY_STATUS[status] ?? 'invalid_input',
      error.message || INVALID_REQUEST_MESSAGE,
    );
  }
  return null;
}

type ErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * The error handler: one error shape for every 4xx and 5xx (DESIGN.md section 4); a 5xx never carries
 * internals. `extra` adds route-specific keys beside `error` (spec 7's redeem answer has `errors[]`).
 */
function errorHandler(
  extra?: (error: ApiError) => Record<string, unknown>,
  localize?: ErrorLocalizer,
): ErrorHandler {
  return (error, request, reply) => {
    const apiError = toApiError(error) ?? new ApiError(500, 'internal', INTERNAL_MESSAGE);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    const localized = localize ? localize(request, apiError) : apiError;
    if (localized instanceof Promise) {
      // The promise takes on the reply's own (a reply is a thenable that settles once the answer has been
      // written), so Fastify waits for the answer. Settled any earlier, while an async onSend hook such as the
      // idempotency key's still ran, Fastify would send a second, empty answer over the first.
      return localized.then((answer) => sendError(reply, answer, extra?.(answer))) as unknown as FastifyReply;
    }
    return sendError(reply, localized, extra?.(localized));
  };
}

/**
 * Fastify's `frameworkErrors`: its refusals before a route is found (a URL that does not decode, a path
 * segment longer than the router takes) get the one error shape too, not Fastify's own body, and the
 * security headers, which the onRequest hook that sets them on every other answer never ran for.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const apiError =
    error.code === 'FST_ERR_BAD_URL'
      ? badRequest('The URL is not valid: part of it does not decode.')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? badRequest(PATH_SEGMENT_TOO_LONG_MESSAGE)
        : new ApiError(500, 'internal', INTERNAL_MESSAGE);
  if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  setSecurityHeaders(reply);
  sendError(reply, apiError);
}

/** The app's error handler; `localize` puts a holder's refusal in the request's language (decision 0049). */
export function setupErrorHandler(app: FastifyInstance, localize?: ErrorLocalizer): void {
  app.setErrorHandler(errorHandler(undefined, localize));
}

/** A route's own error handler: the one shape plus `extra(error)` (for its OpenAPI error schema). */
export function errorHandlerWith(
  extra: (error: ApiError) => Record<string, unknown>,
  localize?: ErrorLocalizer,
): ErrorHandler {
  return errorHandler(extra, localize);
}
