import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  demoCategories,
  demoVenue,
  makeAssignment,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import VenueInfo from './VenueInfo';
import VenueLinks from './VenueLinks';

const module = makeModule({ id: 3023, type: 'VenueInfo', data: { label: 'About' } });

function renderVenue(id: number, options: { location?: { latitude: number; longitude: number } } = {}) {
  const venue = demoVenue(id);
  return renderWithModuleContext(<VenueInfo module={module} />, {
    page: 'venue',
    venueId: id,
    location: options.location ?? null,
    assignment: makeAssignment([module], { venues: [venue], categories: demoCategories() }, 'venue', id),
  });
}

describe('VenueInfo (spec 2.4)', () => {
  it('shows venue 301: name, address, directions, phone, categories and descriptions', () => {
    const { container } = renderVenue(301);
    expect(screen.getByRole('heading', { level: 2, name: 'Anchor & Oar Brewing' })).toBeInTheDocument();
    expect(screen.getByText('118 Harbor Street, Port Alder, WI 54290')).toBeInTheDocument();
    const directions = screen.getByRole('link', { name: 'Directions' });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=118%20Harbor%20Street%2C%20Port%20Alder%2C%20WI%2054290&destination_place_id=ChIJDemoLakeshoreAnchorOar301',
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Call +1 920-555-0101' })).toHaveAttribute(
      'href',
      'tel:+19205550101',
    );
    expect(
      within(screen.getByRole('list', { name: 'Categories' })).getByText('Breweries & Cideries'),
    ).toBeInTheDocument();
    expect(screen.getByText('Harbor-front brewpub with twelve taps.')).toBeInTheDocument();
    expect(container).toHaveTextContent('Live folk music every Thursday.');
  });

  it('has the Header picture as a decorative background of its card', () => {
    const { container } = renderVenue(301);
    const header = container.querySelector('[data-venue-header]') as HTMLElement;
    const background = header.querySelector('img');
    expect(background).toHaveAttribute('src', '/pass/media/anchor-header.svg');
    expect(background).toHaveAttribute('alt', '');
  });

  it('has no directions link and no distance for venue 304 (an address, no place id, no coordinates)', () => {
    const { container } = renderVenue(304, { location: { latitude: 44.09, longitude: -87.65 } });
    expect(screen.getByRole('heading', { name: 'Port Alder Maritime Museum' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Directions' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-distance]')).toBeNull();
  });

  it('links directions by coordinates for venue 303 and shows the distance from the visitor', () => {
    const { container } = renderVenue(303, { location: { latitude: 44.0921, longitude: -87.6563 } });
    expect(screen.getByRole('link', { name: 'Directions' }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+\.\d+,-?\d+\.\d+$/,
    );
    expect(container.querySelector('[data-distance]')?.textContent).toMatch(/^\d+(\.\d)? (mi|km) away$/);
  });

  it('renders nothing without the page venue', () => {
    const { container } = renderWithModuleContext(<VenueInfo module={module} />, {
      page: 'venue',
      venueId: 999,
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('VenueLinks', () => {
  const links = makeModule({ id: 3025, type: 'VenueLinks', data: { label: 'Links' } });

  it('links the website with https:// added, the phone and directions', () => {
    renderWithModuleContext(<VenueLinks module={links} />, {
      page: 'venue',
      venueId: 301,
      assignment: makeAssignment([links], { venues: [demoVenue(301)] }),
    });
    const list = screen.getByRole('list', { name: 'Links' });
    expect(within(list).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://anchorandoar.example',
    );
    expect(within(list).getByRole('link', { name: 'Call +1 920-555-0101' })).toHaveAttribute(
      'href',
      'tel:+19205550101',
    );
    expect(within(list).getByRole('link', { name: 'Directions' })).toBeInTheDocument();
  });

  it('leaves out directions for venue 304, and shows nothing for a venue without links', () => {
    const { unmount } = renderWithModuleContext(<VenueLinks module={links} />, {
      page: 'venue',
      venueId: 304,
      assignment: makeAssignment([links], { venues: [demoVenue(304)] }),
    });
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://portaldermuseum.example',
    );
    expect(screen.queryByRole('link', { name: 'Directions' })).not.toBeInTheDocument();
    unmount();

    const bare = demoVenue(304, { website: null, phone: null, address: null });
    const { container } = renderWithModuleContext(<VenueLinks module={links} />, {
      page: 'venue',
      venueId: 304,
      assignment: makeAssignment([links], { venues: [bare] }),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
