import { z } from 'zod';
import { routeName } from './analytics';
import { deviceId } from './common';
import { ERROR_MESSAGE_MAX_LENGTH, ERROR_STACK_MAX_LENGTH } from './constants';

/**
 * POST /pass/api/events/error: one sampled error of the app, sent when no third-party error service is
 * configured. Partner, offer and user come from the session. The server stores it with any token in
 * it redacted; the client redacts too, but the server does not rely on that.
 */
export const errorReportRequest = z.strictObject({
  /** The error's name (TypeError, ChunkLoadError...). */
  name: z.string().max(200).optional(),
  message: z.string().min(1).max(ERROR_MESSAGE_MAX_LENGTH),
  stack: z.string().max(ERROR_STACK_MAX_LENGTH).nullable().optional(),
  /** The page's path and query where it happened (the token in `t` is redacted by both sides). */
  url: z.string().max(2000),
  route_name: routeName.nullable().optional(),
  session_device_id: deviceId,
  local_device_id: deviceId,
  /** The build that reported it. */
  release: z.string().max(100).optional(),
});
export type ErrorReportRequest = z.infer<typeof errorReportRequest>;
