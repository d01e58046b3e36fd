import { fireEvent, screen, within } from '@testing-library/react';
import type { LatLng } from '@trailpass/contract';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModuleContextProvider, useModuleContext } from '../context';
import { demoVenue, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DashboardVenueList from './DashboardVenueList';

/** Between Port Alder's venues: 301 is 0.6 miles away, 302 5.0 miles, 307 148 miles. */
const PORT_ALDER: LatLng = { latitude: 44.1, longitude: -87.65 };
/** At Driftwood Brewing (302) in Birch Harbor: 301 is then 5.6 miles away. */
const BIRCH_HARBOR: LatLng = { latitude: 44.1448, longitude: -87.5702 };

const module = makeModule({
  id: 3003,
  type: 'DashboardVenueList',
  name: 'Trail stops near you',
  data: { label: 'Trail Stops Near You', venues: [302, 304, 301, 307] },
});

function assignment() {
  return makeAssignment([module], {
    // The data map's order is not the module's: the module's order wins.
    venues: [301, 302, 304, 307].map((id) => demoVenue(id, { hasSomeRedemption: id === 301 })),
  });
}

function list() {
  return screen.getByRole('list', { name: 'Trail Stops Near You' });
}

function card(name: string) {
  const item = within(list())
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('link', { name }));
  if (!item) throw new Error(`No card for ${name}`);
  return item;
}

/** Lets a test move the user, as the page does when the location updates. */
function Relocating({ to, children }: { to: LatLng; children: ReactNode }) {
  const ctx = useModuleContext();
  const [location, setLocation] = useState(ctx.location);
  return (
    <>
      <button type="button" onClick={() => setLocation(to)}>
        Move
      </button>
      <ModuleContextProvider value={{ ...ctx, location }}>{children}</ModuleContextProvider>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DashboardVenueList', () => {
  it('lists the venues in the order the module names them, each card a link to its venue', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    expect(screen.getByRole('heading', { level: 2, name: 'Trail Stops Near You' })).toBeInTheDocument();
    const links = within(list())
      .getAllByRole('listitem')
      .map((li) => within(li).getAllByRole('link')[0]);
    expect(links).toHaveLength(4);
    expect(links.map((link) => within(link as HTMLElement).getByRole('heading').textContent)).toEqual([
      'Driftwood Brewing Co.',
      'Port Alder Maritime Museum',
      'Anchor & Oar Brewing',
      'Northwoods Trailhead Outfitters',
    ]);
    expect(screen.getByRole('link', { name: 'Anchor & Oar Brewing' })).toHaveAttribute(
      'href',
      '/experiences/venue/301?t=tok',
    );
  });

  it('links to DealVenue on a deal page', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, {
      assignment: assignment(),
      page: 'deal',
      dealId: 201,
    });
    expect(screen.getByRole('link', { name: 'Anchor & Oar Brewing' })).toHaveAttribute(
      'href',
      '/experiences/deal/201/venue/301?t=tok',
    );
  });

  it('shows the distance in miles for en-US', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    renderWithModuleContext(<DashboardVenueList module={module} />, {
      assignment: assignment(),
      location: PORT_ALDER,
    });
    expect(within(card('Anchor & Oar Brewing')).getByText('0.6 mi')).toBeInTheDocument();
    expect(within(card('Driftwood Brewing Co.')).getByText('5.0 mi')).toBeInTheDocument();
    // Above 100, a whole number.
    expect(within(card('Northwoods Trailhead Outfitters')).getByText('148 mi')).toBeInTheDocument();
  });

  it('shows the distance in kilometres for any other locale', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    renderWithModuleContext(<DashboardVenueList module={module} />, {
      assignment: assignment(),
      location: PORT_ALDER,
    });
    expect(within(card('Anchor & Oar Brewing')).getByText('1.0 km')).toBeInTheDocument();
    expect(within(card('Northwoods Trailhead Outfitters')).getByText('239 km')).toBeInTheDocument();
    expect(screen.queryByText(/ mi$/)).not.toBeInTheDocument();
  });

  it('shows no distance without the user location', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    expect(screen.queryByTestId('venue-distance')).not.toBeInTheDocument();
  });

  it('updates the distances when the location in the context changes', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    renderWithModuleContext(
      <Relocating to={BIRCH_HARBOR}>
        <DashboardVenueList module={module} />
      </Relocating>,
      { assignment: assignment(), location: PORT_ALDER },
    );
    expect(within(card('Anchor & Oar Brewing')).getByText('0.6 mi')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(within(card('Anchor & Oar Brewing')).getByText('5.6 mi')).toBeInTheDocument();
    expect(within(card('Driftwood Brewing Co.')).getByText('0.0 mi')).toBeInTheDocument();
  });

  it('gives a venue without coordinates or place id (304) no distance and no Directions link', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, {
      assignment: assignment(),
      location: PORT_ALDER,
    });
    const museum = card('Port Alder Maritime Museum');
    expect(within(museum).getByText('7 Quay Street, Port Alder, WI 54290')).toBeInTheDocument();
    expect(within(museum).queryByTestId('venue-distance')).not.toBeInTheDocument();
    expect(within(museum).queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
  });

  it('gives a venue with address and place id (301) a Directions link that opens outside the app', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    const directions = within(card('Anchor & Oar Brewing')).getByRole('link', {
      name: 'Directions to Anchor & Oar Brewing',
    });
    expect(directions.getAttribute('href')).toContain('destination_place_id=ChIJDemoLakeshoreAnchorOar301');
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('marks a venue where the user redeemed something as Visited', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    expect(within(card('Anchor & Oar Brewing')).getByText('Visited')).toBeInTheDocument();
    expect(within(card('Driftwood Brewing Co.')).queryByText('Visited')).not.toBeInTheDocument();
  });

  it('describes each card with its address, and sizes its image', () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    const link = screen.getByRole('link', { name: 'Anchor & Oar Brewing' });
    expect(link).toHaveAccessibleDescription(/118 Harbor Street/);
    const image = link.querySelector('img');
    expect(image).toHaveAttribute('src', '/pass/media/anchor-header.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('renders nothing when none of its venues is in the data', () => {
    const { container } = renderWithModuleContext(<DashboardVenueList module={module} />, {
      assignment: makeAssignment([module]),
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('switches to a map of the venues that have coordinates', async () => {
    renderWithModuleContext(<DashboardVenueList module={module} />, { assignment: assignment() });
    const toggle = screen.getByRole('button', { name: 'Map' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    const map = await screen.findByRole('group', { name: 'Map of Trail Stops Near You' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(map)
        .getAllByRole('link')
        .map((pin) => pin.getAttribute('aria-label')),
    ).toEqual(['Driftwood Brewing Co.', 'Anchor & Oar Brewing', 'Northwoods Trailhead Outfitters']);
    expect(within(map).getByRole('link', { name: 'Anchor & Oar Brewing' })).toHaveAttribute(
      'href',
      '/experiences/venue/301?t=tok',
    );
    expect(
      screen.getByText(/Not on the map \(no location\): Port Alder Maritime Museum/),
    ).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(list()).toBeInTheDocument();
  });
});
