import { DEVICE_ID_PATTERN, errorReportRequest } from '@trailpass/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_DEVICE_ID_KEY, SESSION_DEVICE_ID_KEY } from '../../lib/device-ids';
import { mockApi } from '../../test/api-mock';
import { createErrorReporting } from './error-reporting';
import { REDACTED } from './redact';
import { errorReportBody, serverReporter } from './server-reporter';

const TOKEN = 'demo-ava-brew-7Qx2mK9pL4vN8rT1';

beforeEach(() => {
  window.history.replaceState(null, '', `/pass/experiences/deal/201?t=${TOKEN}&dealId=201`);
});

describe('the server adapter', () => {
  it('POSTs /events/error with the token redacted everywhere and the device ids', async () => {
    const { calls } = mockApi({ 'POST /events/error': () => ({ status: 204 }) });
    await serverReporter.report(
      {
        name: 'TypeError',
        message: `Failed to load /pass/api/data?t=${TOKEN}`,
        stack: `TypeError: boom\n    at load (https://app.example/pass/assets/index.js?t=${TOKEN}:1:2)\n    at ${TOKEN}`,
      },
      { url: `/pass/experiences/deal/201?t=${TOKEN}&dealId=201`, routeName: 'Deal' },
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url.pathname).toBe('/pass/api/events/error');
    expect(call?.body).toEqual({
      name: 'TypeError',
      message: `Failed to load /pass/api/data?t=${REDACTED}`,
      stack: `TypeError: boom\n    at load (https://app.example/pass/assets/index.js?t=${REDACTED})\n    at ${REDACTED}`,
      url: `/pass/experiences/deal/201?t=${REDACTED}&dealId=201`,
      route_name: 'Deal',
      session_device_id: window.sessionStorage.getItem(SESSION_DEVICE_ID_KEY),
      local_device_id: window.localStorage.getItem(LOCAL_DEVICE_ID_KEY),
    });
    expect(JSON.stringify(call?.body)).not.toContain(TOKEN);
    expect(errorReportRequest.parse(call?.body)).toEqual(call?.body);
    expect(errorReportRequest.parse(call?.body).local_device_id).toMatch(DEVICE_ID_PATTERN);
  });

  it('cuts long messages and stacks to the contract lengths', () => {
    const body = errorReportBody(
      { message: 'm'.repeat(5000), stack: 's'.repeat(20_000), name: 'n'.repeat(300) },
      { url: `/pass/x?q=${'u'.repeat(3000)}` },
    );
    expect(errorReportRequest.safeParse(body).success).toBe(true);
    expect(body.message).toHaveLength(2000);
    expect(body.stack).toHaveLength(10_000);
    expect(body).not.toHaveProperty('route_name');
  });

  it('drops a failed send without throwing', async () => {
    const { calls } = mockApi({ 'POST /events/error': () => ({ status: 429 }) });
    await expect(serverReporter.report({ message: 'x' }, { url: '/pass/login' })).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('is the adapter loaded by default, on the first sampled error', async () => {
    const { calls } = mockApi({ 'POST /events/error': () => ({ status: 204 }) });
    const reporting = createErrorReporting({ random: () => 0.01 });
    await reporting.report(new Error(`token ${TOKEN} leaked`));
    expect(calls.map((call) => call.body)).toEqual([
      expect.objectContaining({
        name: 'Error',
        message: `token ${REDACTED} leaked`,
        url: `/pass/experiences/deal/201?t=${REDACTED}&dealId=201`,
      }),
    ]);
  });
});
