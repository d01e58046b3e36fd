import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import ItemCards from './ItemCards';

const module = makeModule({
  id: 3016,
  type: 'ItemCards',
  data: {
    label: 'Plan Your Day',
    items: [
      {
        title: 'Morning: Coffee Crawl',
        text: 'Start at Birch Harbor Coffee Roasters.\nWalk the beach to Lighthouse Point.',
        image: '/pass/media/coffee-crawl.svg',
        url: '/pass/experiences/deal/203',
      },
      {
        title: 'Shuttle timetable',
        text: 'Every 30 minutes.\n\nWeekends only.',
        image: null,
        url: 'https://visitlakeshore.example/shuttle',
      },
      {
        title: 'Rainy day',
        text: 'The museum is open Tuesday to Sunday.',
        image: null,
        url: 'javascript:alert(1)',
      },
      { title: '', text: '', image: null, url: null },
    ],
  },
});

function renderCards() {
  return renderWithModuleContext(<ItemCards module={module} />, { assignment: makeAssignment([module]) });
}

describe('ItemCards', () => {
  it('lists the cards with their text spaced by its newlines, dropping empty entries', () => {
    renderCards();
    const list = screen.getByRole('list', { name: 'Plan Your Day' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const morning = screen.getByRole('link', { name: 'Morning: Coffee Crawl' });
    expect(morning.querySelectorAll('br')).toHaveLength(1);
    const shuttle = screen.getByRole('link', { name: /Shuttle timetable/ });
    expect(shuttle.querySelectorAll('[data-paragraph]')).toHaveLength(2);
    expect(morning.querySelector('img')).toHaveAttribute('src', '/pass/media/coffee-crawl.svg');
  });

  it('makes a /pass/ url an in-app link that keeps t, and navigates without leaving the app', () => {
    const { router } = renderCards();
    const link = screen.getByRole('link', { name: 'Morning: Coffee Crawl' });
    expect(link).toHaveAttribute('href', '/experiences/deal/203?t=tok');
    expect(link).not.toHaveAttribute('target');
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/experiences/deal/203');
    expect(router.state.location.search).toBe('?t=tok');
  });

  it('makes an http(s) url an external link in a new tab', () => {
    renderCards();
    const link = screen.getByRole('link', { name: 'Shuttle timetable (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://visitlakeshore.example/shuttle');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('makes anything else no link at all', () => {
    renderCards();
    expect(screen.getByRole('heading', { name: 'Rainy day' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Rainy day/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('renders nothing without items', () => {
    const empty = makeModule({ id: 1, type: 'ItemCards', data: { label: 'Plan', items: [] } });
    const { container } = renderWithModuleContext(<ItemCards module={empty} />);
    expect(container).toBeEmptyDOMElement();
  });
});
