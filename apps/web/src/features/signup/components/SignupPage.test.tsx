import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeSignedOut, makeUnregisteredLink } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import SignupPage from './SignupPage';
import { groupByPartner, highlightLines } from './signup';

const visit = { id: 1, name: 'Visit Lakeshore', website: 'visitlakeshore.example' };
const northwoods = { id: 3, name: 'Northwoods Visitors Bureau', website: 'http://northwoods.example' };
const links = [
  makeUnregisteredLink(
    {
      id: 101,
      name: 'Lakeshore Brew Trail',
      highlights: 'Check in at breweries\nEarn trail points\n\n',
      url: 'visitlakeshore.example/brew-trail',
    },
    visit,
  ),
  makeUnregisteredLink(
    { id: 104, name: 'Northwoods Passport', url: 'https://northwoods.example/passport' },
    northwoods,
  ),
  makeUnregisteredLink(
    { id: 102, name: 'Lakeshore Rewards', highlights: 'Earn 100 points', url: null },
    visit,
  ),
];

describe('SignupPage (spec 2.14)', () => {
  it('lists the passes by partner with https:// added to bare links', () => {
    mockApi({});
    renderPage(<SignupPage />, {
      url: '/pass/signup?t=tok',
      data: makeSignedOut({
        offer: null,
        partner: null,
        isUnregisteredLink: true,
        unregistered_links: links,
        venue: null,
      }),
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'You Need to Register for this Pass to Check-in!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/is part of the passes listed below/)).toBeInTheDocument();

    const lakeshore = screen.getByRole('region', { name: 'Visit Lakeshore' });
    expect(within(lakeshore).getByRole('heading', { level: 2, name: 'Visit Lakeshore' })).toBeInTheDocument();
    expect(within(lakeshore).getByRole('link', { name: 'visitlakeshore.example' })).toHaveAttribute(
      'href',
      'https://visitlakeshore.example',
    );
    expect(within(lakeshore).getByRole('img', { name: 'Visit Lakeshore logo' })).toBeInTheDocument();
    const brew = within(lakeshore).getByRole('article', { name: 'Lakeshore Brew Trail' });
    expect(
      within(brew)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Check in at breweries', 'Earn trail points']);
    expect(within(brew).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute(
      'href',
      'https://visitlakeshore.example/brew-trail',
    );
    // A pass image that is missing falls back to the no-image picture, with alt text.
    expect(within(brew).getByRole('img', { name: 'Lakeshore Brew Trail' })).toHaveAttribute(
      'data-fallback',
      'true',
    );
    // No sign-up URL: no link.
    const rewards = within(lakeshore).getByRole('article', { name: 'Lakeshore Rewards' });
    expect(within(rewards).queryByRole('link', { name: 'Sign Up Now' })).not.toBeInTheDocument();

    const nw = screen.getByRole('region', { name: 'Northwoods Visitors Bureau' });
    expect(within(nw).getByRole('link', { name: 'northwoods.example' })).toHaveAttribute(
      'href',
      'http://northwoods.example',
    );
    expect(within(nw).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute(
      'href',
      'https://northwoods.example/passport',
    );
  });

  it('groups by partner in first-seen order and splits highlights', () => {
    expect(groupByPartner(links).map((g) => [g.partner.id, g.links.map((l) => l.pass.id)])).toEqual([
      [1, [101, 102]],
      [3, [104]],
    ]);
    expect(highlightLines(' a \r\nb\n\n c')).toEqual(['a', 'b', 'c']);
    expect(highlightLines(null)).toEqual([]);
  });
});
