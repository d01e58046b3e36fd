import { z } from 'zod';

/**
 * POST /sessions/visitor (decision 0022): a public link's token, sent as the ordinary X-Pass-Token,
 * buys a signed-out session of the visitor's own. The call takes no fields: no body, an empty body or `{}`.
 */
export const visitorSessionRequest = z.strictObject({}).nullish();
export type VisitorSessionRequest = z.infer<typeof visitorSessionRequest>;

export const visitorSessionResponse = z.object({
  /** The visitor's own pass token: use it as `t` from now on, in place of the public link's. */
  token: z.string(),
});
export type VisitorSessionResponse = z.infer<typeof visitorSessionResponse>;
