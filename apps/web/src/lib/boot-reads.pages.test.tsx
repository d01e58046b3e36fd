import { screen } from '@testing-library/react';
import {
  BOOT_READS_ELEMENT_ID,
  type DataResponse,
  TOKEN_HEADER,
  type VisitorSessionResponse,
} from '@trailpass/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/providers';
import { dataQueryKey, dataQueryOptions } from '../features/app-data';
import ExperiencesPage from '../features/experiences/components/ExperiencesPage';
import { makeAssignment, makeModule } from '../features/modules/test-fixtures';
import OrderHistoryPage from '../features/orders/components/OrderHistoryPage';
import { EMPTY_REWARDS_MESSAGE } from '../features/rewards/components/RewardItemList';
import RewardsPage from '../features/rewards/components/RewardsPage';
import { mockApi } from '../test/api-mock';
import { makeData, makeDeal, makeOffer, makeSignedOut } from '../test/fixtures';
import { renderPage } from '../test/render';
import { forgetBootReadsForTests } from './boot-reads';
import { routePaths } from './routes';
import { getToken } from './session';

// Decision 0026: a page served with its first answers renders them at once and asks the server for none of them.

/** The page's HTML as the server sends it: #tp-boot with these answers, made just now. */
function embed(reads: Record<string, unknown>) {
  const now = Date.now();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_READS_ELEMENT_ID;
  script.textContent = JSON.stringify({
    sentAt: now,
    reads: Object.fromEntries(Object.entries(reads).map(([key, body]) => [key, { at: now, body }])),
  });
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(BOOT_READS_ELEMENT_ID)?.remove();
  forgetBootReadsForTests();
});

const EXPERIENCES_READ =
  '/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass?offerId=101';

describe('a page with its first answers embedded', () => {
  it('renders a module page from them, with no request at all', async () => {
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    const html = makeModule({ id: 1, type: 'Html', data: { value: '<p>Hello trail</p>' } });
    embed({ '/data': makeData(), [EXPERIENCES_READ]: makeAssignment([html]) });
    const { calls } = mockApi({});
    // No /data in the cache beforehand: it comes from the page, as the app's first render finds it.
    const { client } = renderPage(<ExperiencesPage />, { url: '/pass/experiences?t=tok' });
    expect(await screen.findByText('Hello trail')).toBeInTheDocument();
    expect(calls).toEqual([]);
    // Both answers were the queries' initial data, there when the first render made the queries: no update
    // (a fetch) was ever counted.
    expect(client.getQueryState(dataQueryKey('tok'))).toMatchObject({
      status: 'success',
      dataUpdateCount: 0,
    });
    const assignment = client.getQueryCache().find({ queryKey: ['assignment', 'tok'], exact: false });
    expect(assignment?.state).toMatchObject({ status: 'success', dataUpdateCount: 0 });
  });

  it('renders Rewards’ points and catalogue from them, with no request', async () => {
    const deals = [makeDeal({ id: 201, points_valid_until: null, current_points: 150 })];
    const data = makeData({ offer: makeOffer({ id: 101, use_points: false }), deals });
    embed({
      '/data': data,
      '/partnerUser/1001/points/current?offerId=101&dealId=201': {
        current_points: 150,
        next_points_expiration: null,
      },
      '/partnerUser/1001/rewards?offerId=101&dealId=201': { rewardItems: [] },
    });
    const { calls } = mockApi({});
    const { client } = renderPage(<RewardsPage />, { url: '/pass/rewards?t=tok', path: routePaths.Rewards });
    expect(await screen.findByRole('heading', { name: 'My Rewards' })).toBeInTheDocument();
    expect(await screen.findByText(EMPTY_REWARDS_MESSAGE)).toBeInTheDocument();
    expect(calls).toEqual([]);
    for (const root of ['rewards', 'pointsCurrent']) {
      expect(
        client.getQueryCache().find({ queryKey: [root, 'tok'], exact: false })?.state,
        root,
      ).toMatchObject({
        status: 'success',
        dataUpdateCount: 0,
      });
    }
  });

  it('renders OrderHistory’s first page from them, with no request', async () => {
    embed({
      '/data': makeData(),
      '/partnerUser/1001/orders?offerId=101&display=20&page=1': { data: [], page: 1, display: 20, total: 0 },
    });
    const { calls } = mockApi({});
    renderPage(<OrderHistoryPage />, { url: '/pass/orderhistory?t=tok', path: routePaths.OrderHistory });
    expect(await screen.findByText('You don’t have any orders yet.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks as before for another token’s page, and for a read that was not embedded', async () => {
    window.history.replaceState(null, '', '/pass/experiences?t=tok');
    embed({ '/data': makeData() });
    const html = makeModule({ id: 1, type: 'Html', data: { value: '<p>Fetched</p>' } });
    const { calls } = mockApi({
      'GET /partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass': () => ({
        status: 200,
        body: makeAssignment([html]),
      }),
    });
    renderPage(<ExperiencesPage />, { url: '/pass/experiences?t=tok' });
    expect(await screen.findByText('Fetched')).toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/pass/api/partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass',
    ]);

    // The same answers are no one else's: another token's /data is asked for.
    const other = createQueryClient();
    const { calls: otherCalls } = mockApi({ 'GET /data': () => ({ status: 200, body: makeData() }) });
    await other.fetchQuery(dataQueryOptions('someone-else'));
    expect(otherCalls).toHaveLength(1);
  });

  it('starts a public link’s visitor exchange at once, without asking for /data again', async () => {
    window.history.replaceState(null, '', '/pass/experiences?t=shared');
    embed({ '/data': makeSignedOut({ public_link: true }) });
    const visitor: VisitorSessionResponse = { token: 'visitor-own' };
    const { calls } = mockApi({
      'POST /sessions/visitor': () => ({ status: 200, body: visitor }),
    });
    const client = createQueryClient();
    const options = dataQueryOptions('shared');
    const fetching = client.fetchQuery(options);
    // The shell never shows a public link's answer: it is not the query's initial data.
    expect(client.getQueryState(options.queryKey)?.status).toBe('pending');
    const data: DataResponse = await fetching;
    expect(data.public_link).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /pass/api/sessions/visitor',
    ]);
    expect(calls[0]?.headers.get(TOKEN_HEADER)).toBe('shared');
    expect(getToken()).toBe('visitor-own');
  });
});
