import { z } from 'zod';

export const id = z.number().int().positive();
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
