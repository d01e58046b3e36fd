import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { mockApi } from '../../../test/api-mock';
import { makeData } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import {
  demoModules,
  emptyAssignmentData,
  makeAssignment,
  makeDealSummary,
  makeModule,
  makeVenue,
} from '../../modules/test-fixtures';
import DealPage from './DealPage';
import ExperiencesPage from './ExperiencesPage';
import { ModulePage } from './ModulePage';

const OFFER_PAGE = 'GET /partnerUser/1001/modules/assignment/offer/assignmentId/101/location/pass';
const DEAL_PAGE = 'GET /partnerUser/1001/modules/assignment/deal/assignmentId/202/location/pass';

describe('ModulePage', () => {
  it('shows a skeleton while loading, then the modules', async () => {
    const html = makeModule({ id: 1, type: 'Html', data: { value: '<p>Hello trail</p>' } });
    mockApi({ [OFFER_PAGE]: () => ({ status: 200, body: makeAssignment([html]) }) });
    const data = makeData();
    renderPage(
      <ModulePage
        page="experiences"
        appData={data}
        request={{ type: 'offer', assignmentId: 101 }}
        heading="Offer"
      />,
      { data, url: '/pass/experiences?t=tok' },
    );
    expect(screen.getByLabelText('Loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Hello trail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Offer' })).toBeInTheDocument();
  });

  it('says a page of another pass is not part of this one (404), with a way back', async () => {
    mockApi({});
    const data = makeData();
    renderPage(
      <ModulePage page="deal" appData={data} request={{ type: 'deal', assignmentId: 204 }} heading="Deal" />,
      { data, url: '/pass/experiences/deal/204?t=tok' },
    );
    expect(await screen.findByText('This page is not part of your pass.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Experiences' })).toHaveAttribute('href', '/experiences?t=tok');
  });

  it('offers to try again after a server error, and then shows the page', async () => {
    let fail = true;
    mockApi({
      [OFFER_PAGE]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : {
              status: 200,
              body: makeAssignment([makeModule({ id: 1, type: 'Html', data: { value: 'Back again' } })]),
            },
    });
    const data = makeData();
    renderPage(
      <ModulePage
        page="experiences"
        appData={data}
        request={{ type: 'offer', assignmentId: 101 }}
        heading="Offer"
      />,
      { data, url: '/pass/experiences?t=tok' },
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('draws the default layout of a deal without an assignment from the records sent with it', async () => {
    const deal = makeDealSummary({
      id: 202,
      name: 'Harbor Hops Summer Challenge',
      venue_ids: [302],
      short_description: 'Hop along the harbor.',
    });
    mockApi({
      [DEAL_PAGE]: () => ({
        status: 200,
        body: {
          assignment: null,
          modules: [],
          data: {
            ...emptyAssignmentData(),
            deals: [deal],
            venues: [makeVenue({ id: 302, name: 'Driftwood Brewing Co.' })],
          },
        },
      }),
    });
    const data = makeData();
    renderPage(<DealPage />, { data, url: '/pass/experiences/deal/202?t=tok', path: routePaths.Deal });
    // The module chunks load lazily; the first import of each takes a moment under the test transform.
    expect(await screen.findByText('Hop along the harbor.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Driftwood Brewing Co\./ })).toBeInTheDocument();
    // DealInfo names the deal on screen, so the h1 is for screen readers only (decision 0013).
    // tp-sr-only (styles/ui.css) hides it on screen; tests load no CSS, so the class is what is checked.
    expect(screen.getByRole('heading', { level: 1, name: 'Harbor Hops Summer Challenge' })).toHaveClass(
      'tp-sr-only',
    );
  });
});

describe('ExperiencesPage', () => {
  it('uses the greeting style when the offer has a Greeting module', async () => {
    const modules = demoModules('offer', 101).filter((module) => module.id === 3001 || module.id === 3002);
    mockApi({ [OFFER_PAGE]: () => ({ status: 200, body: makeAssignment(modules) }) });
    const { container } = renderPage(<ExperiencesPage />, {
      data: makeData(),
      url: '/pass/experiences?t=tok',
    });
    expect(
      await screen.findByRole('heading', { name: /Welcome to the Lakeshore Brew Trail/ }),
    ).toBeInTheDocument();
    expect(container.querySelector('[data-style]')).toHaveAttribute('data-style', 'greeting');
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' })).toHaveClass('tp-sr-only');
  });

  it('uses the no-greeting style, with the offer name as the visible heading, without one', async () => {
    const modules = [makeModule({ id: 9, type: 'Html', data: { value: '<p>Points work like this.</p>' } })];
    mockApi({ [OFFER_PAGE]: () => ({ status: 200, body: makeAssignment(modules) }) });
    const { container } = renderPage(<ExperiencesPage />, {
      data: makeData(),
      url: '/pass/experiences?t=tok',
    });
    expect(await screen.findByText('Points work like this.')).toBeInTheDocument();
    expect(container.querySelector('[data-style]')).toHaveAttribute('data-style', 'no-greeting');
    expect(screen.getByRole('heading', { level: 1, name: 'Lakeshore Brew Trail' })).not.toHaveClass(
      'tp-sr-only',
    );
  });

  it('sends the page dealId so the templates fill from that deal', async () => {
    const html = makeModule({ id: 1, type: 'Html', data: { value: '<p>{{name}} / {{loyalty_tier}}</p>' } });
    const { calls } = mockApi({
      [OFFER_PAGE]: () => ({ status: 200, body: makeAssignment([html], { deals: [makeDealSummary()] }) }),
    });
    renderPage(<ExperiencesPage />, { data: makeData(), url: '/pass/experiences?t=tok&dealId=201' });
    expect(await screen.findByText('Brew Trail Passport / N/A')).toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('dealId')).toBe('201');
  });
});
