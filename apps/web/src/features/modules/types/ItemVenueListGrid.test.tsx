import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoVenue, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import ItemVenueListGrid from './ItemVenueListGrid';

describe('ItemVenueListGrid', () => {
  const module = makeModule({
    id: 3018,
    type: 'ItemVenueListGrid',
    data: { label: 'All Stops', venues: [301, 302, 303, 304, 308, 309] },
  });
  const assignment = makeAssignment([module], {
    venues: [301, 302, 303, 304, 308, 309].map((id) => demoVenue(id)),
  });

  it('shows every venue as a card in a list, in order', () => {
    renderWithModuleContext(<ItemVenueListGrid module={module} />, { assignment });
    const items = within(screen.getByRole('list', { name: 'All Stops' })).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(
      within(items[5] as HTMLElement).getByRole('link', { name: 'Birch Harbor Coffee Roasters' }),
    ).toBeVisible();
  });

  it('has a Map switch that shows the venues on a map', async () => {
    renderWithModuleContext(<ItemVenueListGrid module={module} />, { assignment });
    fireEvent.click(screen.getByRole('button', { name: 'Map' }));
    const map = await screen.findByRole('group', { name: 'Map of All Stops' });
    // 304 has no coordinates.
    expect(within(map).getAllByRole('link')).toHaveLength(5);
    expect(screen.queryByRole('list', { name: 'All Stops' })).not.toBeInTheDocument();
  });

  it('offers no map when no venue has coordinates', () => {
    const only304 = makeModule({
      id: 1,
      type: 'ItemVenueListGrid',
      data: { label: 'Museum', venues: [304] },
    });
    renderWithModuleContext(<ItemVenueListGrid module={only304} />, {
      assignment: makeAssignment([only304], { venues: [demoVenue(304)] }),
    });
    expect(screen.getByRole('link', { name: 'Port Alder Maritime Museum' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Map' })).not.toBeInTheDocument();
  });
});
