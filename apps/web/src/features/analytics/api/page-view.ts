import { apiPaths, type PageViewRequest } from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /pass/api/events/page-view (204). Fire and forget: a failure is logged only. */
export async function sendPageView(body: PageViewRequest): Promise<void> {
  try {
    await apiRequest<void>(apiPaths.pageView, { method: 'POST', body });
  } catch (error) {
    console.warn('Page view not recorded', error);
  }
}
