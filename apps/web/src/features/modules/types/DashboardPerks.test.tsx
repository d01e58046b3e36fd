import { screen, within } from '@testing-library/react';
import type { Perk } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DashboardPerks from './DashboardPerks';

function perk(overrides: Partial<Perk> & Pick<Perk, 'id' | 'name'>): Perk {
  return { description: null, venue_id: null, url: null, media: [], ...overrides };
}

const perks = [
  perk({
    id: 651,
    name: 'Free parking at Port Alder Marina',
    description:
      '<p>Show your pass at the marina gate for <strong>free parking</strong>.</p><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>',
    media: [{ id: 2064, location: null, name: null, url: '/pass/media/perk-parking.svg' }],
  }),
  perk({ id: 652, name: '15% off at Lakeshore Kite Co.', url: 'lakeshorekites.example' }),
  perk({
    id: 653,
    name: 'Early access to Fall Fest tickets',
    description:
      '<p>See <a href="https://visitlakeshore.example/fallfest" onclick="steal()">the dates</a>.</p>',
    url: 'https://visitlakeshore.example/fallfest',
  }),
  perk({ id: 654, name: 'Sneaky', url: 'javascript:alert(1)' }),
];

const module = makeModule({
  id: 3012,
  type: 'DashboardPerks',
  data: { label: 'Passholder Perks', perks: [653, 651, 652, 654] },
});

function renderPerks() {
  return renderWithModuleContext(<DashboardPerks module={module} />, {
    assignment: makeAssignment([module], { perks }),
  });
}

function item(name: string) {
  const heading = screen.getByRole('heading', { name });
  const li = heading.closest('li');
  if (!li) throw new Error(`${name} is not in a list item`);
  return li;
}

describe('DashboardPerks', () => {
  it('lists the perks in the order named', () => {
    renderPerks();
    const list = screen.getByRole('list', { name: 'Passholder Perks' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual([
      'Early access to Fall Fest tickets',
      'Free parking at Port Alder Marina',
      '15% off at Lakeshore Kite Co.',
      'Sneaky',
    ]);
  });

  it('shows the description as sanitised HTML', () => {
    renderPerks();
    const parking = item('Free parking at Port Alder Marina');
    expect(within(parking).getByText('free parking').tagName).toBe('STRONG');
    expect(parking.querySelector('script')).toBeNull();
    expect(parking.innerHTML).not.toContain('onerror');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    const fest = item('Early access to Fall Fest tickets');
    const inline = within(fest).getByRole('link', { name: 'the dates' });
    expect(inline).not.toHaveAttribute('onclick');
    expect(inline).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links to the perk url outside the app, adding https:// to a bare domain', () => {
    renderPerks();
    const kites = within(item('15% off at Lakeshore Kite Co.')).getByRole('link', {
      name: 'Learn more about 15% off at Lakeshore Kite Co. (opens in a new tab)',
    });
    expect(kites).toHaveAttribute('href', 'https://lakeshorekites.example/');
    expect(kites).toHaveAttribute('target', '_blank');
    expect(kites).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(item('Free parking at Port Alder Marina')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(item('Sneaky')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders nothing without perks', () => {
    const { container } = renderWithModuleContext(<DashboardPerks module={module} />, {
      assignment: makeAssignment([module]),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
