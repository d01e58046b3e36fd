import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  demoCategories,
  demoVenue,
  makeAssignment,
  makeModule,
  renderWithModuleContext,
} from '../test-fixtures';
import DashboardItemCategoryList from './DashboardItemCategoryList';

const module = makeModule({
  id: 3046,
  type: 'DashboardItemCategoryList',
  data: { label: 'Browse', categories: [401, 403] },
});

const assignment = makeAssignment([module], {
  categories: demoCategories(),
  // 309 (coffee) is in the data map for another module; it is in neither of this module's categories.
  venues: [301, 302, 303, 306, 308, 309].map((id) => demoVenue(id)),
});

function shown() {
  return within(screen.getByRole('list'))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);
}

describe('DashboardItemCategoryList', () => {
  it('offers All first, then each category, as filter chips', () => {
    renderWithModuleContext(<DashboardItemCategoryList module={module} />, { assignment });
    const filters = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole('button');
    expect(filters.map((chip) => chip.textContent)).toEqual([
      'All (5)',
      'Breweries & Cideries (3)',
      'Beaches & Outdoors (2)',
    ]);
    expect(filters[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows every venue of the module's categories under All, and one category's when chosen", () => {
    renderWithModuleContext(<DashboardItemCategoryList module={module} />, { assignment });
    expect(shown()).toEqual([
      'Anchor & Oar Brewing',
      'Driftwood Brewing Co.',
      'Harbor Town Lighthouse & Pier',
      'Lighthouse Point Beach',
      'Millbrook Cider House',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Beaches & Outdoors (2)' }));
    expect(screen.getByRole('button', { name: 'Beaches & Outdoors (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'All (5)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('list', { name: 'Beaches & Outdoors' })).toBeInTheDocument();
    expect(shown()).toEqual(['Harbor Town Lighthouse & Pier', 'Lighthouse Point Beach']);
    fireEvent.click(screen.getByRole('button', { name: 'All (5)' }));
    expect(shown()).toHaveLength(5);
  });

  it('renders nothing when its categories hold no venue', () => {
    const { container } = renderWithModuleContext(<DashboardItemCategoryList module={module} />, {
      assignment: makeAssignment([module], { categories: demoCategories(), venues: [demoVenue(309)] }),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
