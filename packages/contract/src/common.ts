import { z } from 'zod';
import { DEVICE_ID_PATTERN } from './constants';

/** The largest Postgres `integer`: a bigger id must fail validation (400), not the query (500). */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive integer that fits the database's integer ids. */
export const id = z.number().int().positive().max(MAX_ID);
const ID_PARAM_MESSAGE = 'Expected a positive whole number.';
/**
 * An id in a path or query string: digits only on the wire (no sign, exponent, hex or spaces), a
 * positive integer once parsed.
 */
export const idParam = z
  .string({ error: ID_PARAM_MESSAGE })
  .regex(/^[1-9][0-9]{0,9}$/, ID_PARAM_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, ID_PARAM_MESSAGE));

/** Path of every /partnerUser/{id}/... route: id must be the session's partner user (else 404). */
export const partnerUserParams = z.strictObject({ id: idParam });

/**
 * The query fields any pass API request may carry (spec 7: query t on every call, plus dealId when the
 * page has it). Route query schemas extend this, so a request from any page passes their strict check.
 */
export const passQuery = z.strictObject({
  /** The pass token, when it is not sent as the X-Pass-Token header. */
  t: z.string().optional(),
  dealId: idParam.optional(),
});
/** ISO 8601 UTC date-time as the server serialises it. */
export const isoDateTime = z.string();

export const mediaLocation = z.enum([
  'Logo',
  'HorizontalLogo',
  'Icon196',
  'Icon152',
  'Favicon',
  'Header',
  'Login',
]);
export const mediaItem = z.object({
  id,
  location: mediaLocation.nullable(),
  name: z.string().nullable(),
  url: z.string(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const styles = z.object({
  colors: z.object({ primary: z.object({ main: z.string().nullable() }) }),
});
export type Styles = z.infer<typeof styles>;

/** One error shape for every 4xx/5xx (DESIGN.md section 4). */
export const errorCode = z.enum([
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'rate_limited',
  'internal',
  /** 413: the body is larger than the server accepts. */
  'payload_too_large',
  /** 415: a body that is not application/json. */
  'unsupported_media_type',
]);
export type ErrorCode = z.infer<typeof errorCode>;
export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Spec 9: a device id (DEVICE_ID_PATTERN, in constants.ts). */
export const deviceId = z.string().regex(DEVICE_ID_PATTERN);
