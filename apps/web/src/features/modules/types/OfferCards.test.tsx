import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoDeal, makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import OfferCards from './OfferCards';

const module = makeModule({
  id: 3005,
  type: 'OfferCards',
  data: { label: 'Featured', deals: [201, 203, 999, 202] },
});

describe('OfferCards', () => {
  it('shows the named deals in order as cards leading to each deal', () => {
    renderWithModuleContext(<OfferCards module={module} />, {
      assignment: makeAssignment([module], { deals: [202, 201, 203].map((id) => demoDeal(id)) }),
    });
    const list = screen.getByRole('list', { name: 'Featured' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/experiences/deal/201?t=tok',
      '/experiences/deal/203?t=tok',
      '/experiences/deal/202?t=tok',
    ]);
    const passport = screen.getByRole('link', { name: 'Brew Trail Passport' });
    expect(passport).toHaveAccessibleDescription('Check in, earn points, claim trail gear.');
    expect(passport.querySelector('img')).toHaveAttribute('src', '/pass/media/brew-trail-passport.svg');
  });

  it('renders nothing when none of its deals is in the data', () => {
    const { container } = renderWithModuleContext(<OfferCards module={module} />, {
      assignment: makeAssignment([module]),
    });
    expect(container).toBeEmptyDOMElement();
  });
});
