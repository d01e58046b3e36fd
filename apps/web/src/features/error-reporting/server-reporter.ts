import {
  apiPaths,
  ERROR_MESSAGE_MAX_LENGTH,
  ERROR_STACK_MAX_LENGTH,
  type ErrorReportRequest,
} from '@trailpass/contract';
import { apiRequest } from '../../lib/api-client';
import { getDeviceIds } from '../../lib/device-ids';
import { getToken } from '../../lib/session';
import { redactToken } from './redact';
import type { ErrorReporter } from './reporter';

const URL_MAX_LENGTH = 2000;
const NAME_MAX_LENGTH = 200;

/** The request for one error: token redacted, cut to the contract's lengths, with the device ids. */
export function errorReportBody(
  ...[error, context]: Parameters<ErrorReporter['report']>
): ErrorReportRequest {
  const token = getToken();
  const clean = (text: string, max: number) => redactToken(text, token).slice(0, max);
  const body: ErrorReportRequest = {
    message: clean(error.message, ERROR_MESSAGE_MAX_LENGTH),
    url: clean(context.url, URL_MAX_LENGTH),
    ...getDeviceIds(),
  };
  if (error.name) body.name = clean(error.name, NAME_MAX_LENGTH);
  if (error.stack) body.stack = clean(error.stack, ERROR_STACK_MAX_LENGTH);
  if (context.routeName) body.route_name = context.routeName;
  return body;
}

/**
 * The adapter used when no third-party error service is configured: POST /pass/api/events/error (204),
 * where the server stores the report (rate limited, token redacted again). A failed send is dropped.
 */
export const serverReporter: ErrorReporter = {
  async report(error, context) {
    try {
      await apiRequest<void>(apiPaths.errorReport, { method: 'POST', body: errorReportBody(error, context) });
    } catch {
      // Dropped: reporting that a report failed would only make more of them.
    }
  },
};
