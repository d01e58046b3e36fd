import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../lib/routes';
import { mockApi } from '../../../test/api-mock';
import { makeData } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { demoModules, demoVenue, makeAssignment } from '../../modules/test-fixtures';
import VenuePage from './VenuePage';

const VENUE_PAGE = 'GET /partnerUser/1001/modules/assignment/venue/assignmentId/301/location/pass';
// Venue 301's tab group: Tab Taproom, Html, Tab Beer Garden, HtmlEditor, TabsEnd.
const TABS = demoModules('venue', 301).filter((module) => module.id >= 3027 && module.id <= 3031);

function renderVenue(url: string) {
  const pageViews: unknown[] = [];
  mockApi({
    [VENUE_PAGE]: () => ({
      status: 200,
      body: makeAssignment(TABS, { venues: [demoVenue(301)] }, 'venue', 301),
    }),
    'POST /events/page-view': (call) => {
      pageViews.push(call.body);
      return { status: 204 };
    },
  });
  const routed = renderPage(<VenuePage />, { data: makeData(), url, path: routePaths.Venue });
  return { ...routed, pageViews };
}

describe('VenuePage', () => {
  it('opens the tab named by the route (spec 2.1: /experiences/venue/301/1 is the second tab)', async () => {
    renderVenue('/pass/experiences/venue/301/1?t=tok');
    expect(await screen.findByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByText(/Live folk music every Thursday/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('opens the first tab without a tab segment, or with one out of range', async () => {
    renderVenue('/pass/experiences/venue/301/7?t=tok');
    expect(await screen.findByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
  });

  it('writes a chosen tab into the address without a navigation', async () => {
    const { router } = renderVenue('/pass/experiences/venue/301?t=tok');
    const before = router.state.location.key;
    await userEvent.click(await screen.findByRole('tab', { name: 'Beer Garden' }));
    expect(screen.getByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/pass/experiences/venue/301/1?t=tok',
    );
    // No router navigation: no scroll to the top, no page view, no history entry.
    expect(router.state.location.key).toBe(before);
  });

  it('follows a navigation to the same venue with another tab', async () => {
    const { router } = renderVenue('/pass/experiences/venue/301/1?t=tok');
    expect(await screen.findByRole('tab', { name: 'Beer Garden' })).toHaveAttribute('aria-selected', 'true');
    await act(() => router.navigate('/experiences/venue/301/0?t=tok'));
    expect(screen.getByRole('tab', { name: 'Taproom' })).toHaveAttribute('aria-selected', 'true');
  });
});
