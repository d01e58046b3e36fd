import { apiPaths, type PageViewRequest } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { getDeviceIds } from '../../../lib/device-ids';

/**
 * POST /pass/api/events/page-view (204), with the session and local device ids (spec 9). Fire and
 * forget: a failure is logged only.
 */
export async function sendPageView(body: PageViewRequest): Promise<void> {
  try {
    await apiRequest<void>(apiPaths.pageView, { method: 'POST', body: { ...body, ...getDeviceIds() } });
  } catch (error) {
    console.warn('Page view not recorded', error);
  }
}
