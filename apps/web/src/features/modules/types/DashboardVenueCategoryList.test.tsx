import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  demoCategories,
  demoVenue,
  makeAssignment,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import DashboardVenueCategoryList from './DashboardVenueCategoryList';

const module = makeModule({
  id: 3015,
  type: 'DashboardVenueCategoryList',
  data: { label: 'Browse by Category', categories: [404, 401, 402, 405] },
});

// As the server sends it: the offer's venues in the named categories. 306 is a beach and a museum.
const assignment = makeAssignment([module], {
  categories: demoCategories(),
  venues: [301, 302, 303, 304, 306, 308, 309].map((id) => demoVenue(id)),
});

function names(list: HTMLElement) {
  return within(list)
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

describe('DashboardVenueCategoryList', () => {
  it('has one section per category in the listed order, with its count, skipping empty ones', () => {
    renderWithModuleContext(<DashboardVenueCategoryList module={module} />, { assignment });
    expect(screen.getByRole('heading', { level: 2, name: 'Browse by Category' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Museums & Culture, 2 places',
      'Breweries & Cideries, 3 places',
      'Coffee & Bakeries, 1 place',
    ]);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups the venues of each category, by name, as links to the venues', () => {
    renderWithModuleContext(<DashboardVenueCategoryList module={module} />, { assignment });
    fireEvent.click(screen.getByRole('button', { name: /Breweries & Cideries/ }));
    expect(names(screen.getByRole('list', { name: 'Breweries & Cideries' }))).toEqual([
      'Anchor & Oar Brewing',
      'Driftwood Brewing Co.',
      'Millbrook Cider House',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Museums & Culture/ }));
    const museums = screen.getByRole('list', { name: 'Museums & Culture' });
    expect(names(museums)).toEqual(['Harbor Town Lighthouse & Pier', 'Port Alder Maritime Museum']);
    expect(within(museums).getByRole('link', { name: 'Port Alder Maritime Museum' })).toHaveAttribute(
      'href',
      '/experiences/venue/304?t=tok',
    );
  });

  it('opens and closes a section from its heading button, which names the region it controls', async () => {
    const user = userEvent.setup();
    renderWithModuleContext(<DashboardVenueCategoryList module={module} />, { assignment });
    const button = screen.getByRole('button', { name: /Coffee & Bakeries/ });
    expect(button.closest('h3')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Coffee & Bakeries' })).not.toBeInTheDocument();

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Coffee & Bakeries, 1 place' });
    expect(button).toHaveAttribute('aria-controls', region.id);
    expect(within(region).getByRole('list', { name: 'Coffee & Bakeries' })).toBeInTheDocument();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // A closed section holds no cards.
    expect(screen.queryByRole('list', { name: 'Coffee & Bakeries' })).not.toBeInTheDocument();
  });

  it('renders nothing when no category has a venue', () => {
    const { container } = renderWithModuleContext(<DashboardVenueCategoryList module={module} />, {
      assignment: makeAssignment([module], { categories: demoCategories() }),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
