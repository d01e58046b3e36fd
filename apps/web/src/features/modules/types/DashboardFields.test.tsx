import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeData, makeUser } from '../../../test/fixtures';
import { makeAssignment, makeModule, renderWithModuleContext } from '../test-fixtures';
import DashboardFields from './DashboardFields';

const module = makeModule({
  id: 3042,
  type: 'DashboardFields',
  data: {
    label: 'Your Membership',
    fields: [
      { label: 'Points balance', key: 'current_points', value: null },
      { label: 'Next points to expire', key: 'next_points_expiration', value: null },
      { label: 'Member tier', key: null, value: 'Harbor (tier 2 of 3)' },
      { label: 'First name', key: 'first_name', value: 'Friend' },
      { label: 'City', key: 'city', value: 'Lakeshore' },
      { label: 'Loyalty tier', key: 'loyalty_tier', value: null },
      { key: 'email', value: 'no label' },
    ],
  },
});

/** The definition list as label -> value pairs. */
function pairs() {
  const terms = screen.getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('DashboardFields', () => {
  it('shows each field as a term and its value', () => {
    renderWithModuleContext(<DashboardFields module={module} />, {
      assignment: makeAssignment([module]),
      appData: makeData({
        current_points: 1200,
        next_points_expiration: { date: '2026-12-08T12:00:00Z', points: 50 },
        partner_user: makeUser({ first_name: 'Ava', city: null }),
      }),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Your Membership' })).toBeInTheDocument();
    expect(pairs()).toEqual({
      'Points balance': '1,200 points',
      'Next points to expire': '50 points on Dec 8, 2026',
      'Member tier': 'Harbor (tier 2 of 3)',
      // The user's own field wins over the literal value.
      'First name': 'Ava',
      // The user has no city: the literal value.
      City: 'Lakeshore',
      'Loyalty tier': 'N/A',
    });
  });

  it('says None without a next expiry, and counts one point as a point', () => {
    renderWithModuleContext(<DashboardFields module={module} />, {
      assignment: makeAssignment([module]),
      appData: makeData({ current_points: 1, next_points_expiration: null, partner_user: null }),
    });
    expect(pairs()).toMatchObject({
      'Points balance': '1 point',
      'Next points to expire': 'None',
      'First name': 'Friend',
    });
  });

  it('renders nothing without fields', () => {
    const empty = makeModule({ id: 1, type: 'DashboardFields', data: { label: 'Nothing' } });
    const { container } = renderWithModuleContext(<DashboardFields module={empty} />);
    expect(container).toBeEmptyDOMElement();
  });
});
