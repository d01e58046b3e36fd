import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoDeal, demoVenue, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import ItemVenueList from './ItemVenueList';

const venues = [301, 302, 303, 308].map((id) => demoVenue(id));

describe('ItemVenueList', () => {
  it('lists the named venues one per row, with no map switch', () => {
    const module = makeModule({
      id: 3021,
      type: 'ItemVenueList',
      data: { label: 'Stops on the Passport', venues: [308, 301] },
    });
    renderWithModuleContext(<ItemVenueList module={module} />, {
      assignment: makeAssignment([module], { venues }),
    });
    const list = screen.getByRole('list', { name: 'Stops on the Passport' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Millbrook Cider House', 'Anchor & Oar Brewing']);
    expect(screen.queryByRole('button', { name: 'Map' })).not.toBeInTheDocument();
  });

  it("on a deal page without venues of its own, lists the deal's venues", () => {
    const module = makeModule({ id: -2, type: 'ItemVenueList', name: 'ItemVenueList', data: {} });
    renderWithModuleContext(<ItemVenueList module={module} />, {
      assignment: makeAssignment(
        [module],
        { venues, deals: [demoDeal(201, { venue_ids: [303, 302] })] },
        'deal',
        201,
      ),
      page: 'deal',
      dealId: 201,
    });
    const list = screen.getByRole('list', { name: 'ItemVenueList' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Lighthouse Point Beach', 'Driftwood Brewing Co.']);
    expect(screen.getByRole('link', { name: 'Lighthouse Point Beach' })).toHaveAttribute(
      'href',
      '/experiences/deal/201/venue/303?t=tok',
    );
  });

  it('renders nothing off a deal page when it names no venues', () => {
    const module = makeModule({ id: 1, type: 'ItemVenueList', data: {} });
    const { container } = renderWithModuleContext(<ItemVenueList module={module} />, {
      assignment: makeAssignment([module], { venues }),
      page: 'venue',
      venueId: 301,
    });
    expect(container).toBeEmptyDOMElement();
  });
});
