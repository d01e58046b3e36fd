import { DEVICE_ID_PATTERN, pageViewRequest } from '@trailpass/contract';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVICE_ID_KEY, SESSION_DEVICE_ID_KEY } from '../../../lib/device-ids';
import { mockApi } from '../../../test/api-mock';
import { sendPageView } from './page-view';

describe('sendPageView', () => {
  it('sends the view with the session and local device ids (spec 9), as the contract has it', async () => {
    const { calls } = mockApi({ 'POST /events/page-view': () => ({ status: 204 }) });
    await sendPageView({ route_name: 'Venue', venue_id: 301 });
    await sendPageView({ route_name: 'Explore' });
    const [first, second] = calls.map((call) => call.body);
    expect(first).toEqual({
      route_name: 'Venue',
      venue_id: 301,
      session_device_id: window.sessionStorage.getItem(SESSION_DEVICE_ID_KEY),
      local_device_id: window.localStorage.getItem(LOCAL_DEVICE_ID_KEY),
    });
    expect(pageViewRequest.parse(first)).toEqual(first);
    expect((first as { local_device_id: string }).local_device_id).toMatch(DEVICE_ID_PATTERN);
    // The same device on the next view.
    expect(second).toMatchObject({
      session_device_id: (first as { session_device_id: string }).session_device_id,
      local_device_id: (first as { local_device_id: string }).local_device_id,
    });
  });

  it('logs a failure and does not throw', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /events/page-view': () => ({ status: 500 }) });
    await expect(sendPageView({ route_name: 'Explore' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Page view not recorded', expect.anything());
  });
});
