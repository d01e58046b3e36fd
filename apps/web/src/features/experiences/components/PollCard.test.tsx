import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Poll, PollResults } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { makeData } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { PollCard } from './PollCard';

const POLL = '/partnerUser/1001/poll/8801';
const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: 8801,
  deal_id: 201,
  question: 'Where should the next Trivia Night be held?',
  closes_at: null,
  closed: false,
  options: [
    { id: 8811, label: 'Anchor & Oar Brewing', venue_id: 301 },
    { id: 8812, label: 'Driftwood Brewing Co.', venue_id: 302 },
  ],
  my_vote: null,
  ...overrides,
});
const results = (myVote: number | null): PollResults => ({
  id: 8801,
  total: 75,
  options: [
    { id: 8811, label: 'Anchor & Oar Brewing', votes: 41 },
    { id: 8812, label: 'Driftwood Brewing Co.', votes: 34 },
  ],
  my_vote: myVote,
});

function renderPoll() {
  return renderPage(<PollCard pollRef={{ partnerUserId: 1001, pollId: 8801, dealId: 201 }} />, {
    data: makeData(),
    url: '/pass/experiences/deal/201?t=tok',
  });
}

describe('PollCard', () => {
  it('asks for one option, votes once and shows the results with my vote', async () => {
    const { calls } = mockApi({
      [`GET ${POLL}`]: () => ({ status: 200, body: poll() }),
      [`POST ${POLL}/vote`]: () => ({ status: 200, body: results(8812) }),
    });
    renderPoll();
    const vote = await screen.findByRole('button', { name: 'Vote' });
    expect(vote).toBeDisabled();
    // No peeking: the results are not asked for before voting.
    expect(calls.some((call) => call.url.pathname.endsWith('/results'))).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: 'Driftwood Brewing Co.' }));
    await userEvent.click(vote);
    expect(await screen.findByText('Driftwood Brewing Co. (your vote)')).toBeInTheDocument();
    expect(screen.getByText('45% · 34 votes')).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ votes: [8812] });
    expect(sent?.url.searchParams.get('dealId')).toBe('201');
  });

  it('shows the results at once to someone who has voted', async () => {
    mockApi({
      [`GET ${POLL}`]: () => ({ status: 200, body: poll({ my_vote: 8811 }) }),
      [`GET ${POLL}/results`]: () => ({ status: 200, body: results(8811) }),
    });
    renderPoll();
    expect(await screen.findByText('Anchor & Oar Brewing (your vote)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vote' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a vote is refused', async () => {
    mockApi({
      [`GET ${POLL}`]: () => ({ status: 200, body: poll() }),
      [`POST ${POLL}/vote`]: () => ({
        status: 422,
        body: { error: { code: 'unprocessable', message: 'This poll has closed.' } },
      }),
    });
    renderPoll();
    await userEvent.click(await screen.findByRole('radio', { name: 'Anchor & Oar Brewing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('This poll has closed.')).toBeInTheDocument();
  });
});
