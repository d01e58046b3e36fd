import type { Poll, PollResults } from '@trailpass/contract';
import { useId, useState } from 'react';
import { Alert, Button, Skeleton } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { type PollRef, usePoll, usePollResults, useVote } from '../api/poll';

/** A placeholder of about the card's height while a read is on its way, named for assistive technology. */
function Loading({ label, height }: { label: string; height: number }) {
  return (
    <div role="status" aria-label={label}>
      <Skeleton height={height} />
    </div>
  );
}

function Results({ results, poll }: { results: PollResults; poll: Poll }) {
  const { t } = useTranslation('experiences');
  return (
    <ul aria-label={t('pollResults')} className="tp-list tp-poll-results">
      {results.options.map((option) => {
        const share = results.total > 0 ? Math.round((option.votes / results.total) * 100) : 0;
        const mine = option.id === results.my_vote;
        return (
          <li key={option.id}>
            <div className="tp-poll-result-line">
              <span className="tp-body2" style={{ fontWeight: mine ? 700 : 400 }}>
                {mine ? t('optionYourVote', { label: option.label }) : option.label}
              </span>
              <span className="tp-body2">{t('optionVotes', { share, count: option.votes })}</span>
            </div>
            {/* MUI's determinate LinearProgress, drawn as a track and a bar of the share's width. */}
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
              aria-label={t('optionShare', { label: option.label, share })}
              className="tp-poll-bar"
            >
              <span style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
      <li className="tp-caption">
        {poll.closed
          ? t('totalVotesClosed', { count: results.total })
          : t('totalVotes', { count: results.total })}
      </li>
    </ul>
  );
}

/**
 * A deal's poll (spec 7 Polls): the question and options, one vote, then the results. The options are
 * native radio buttons in a radio group named by the question: the browser gives them their keyboard
 * (arrows move and choose) and their state.
 */
export function PollCard({ pollRef }: { pollRef: PollRef }) {
  const { t } = useTranslation('experiences');
  const headingId = useId();
  const groupName = useId();
  const poll = usePoll(pollRef);
  const voted = poll.data ? poll.data.my_vote !== null || poll.data.closed : false;
  const results = usePollResults(pollRef, voted);
  const vote = useVote(pollRef);
  const [choice, setChoice] = useState<number | null>(null);

  if (poll.isPending) return <Loading label={t('loadingPoll')} height={160} />;
  // A poll that cannot be read is left out: the deal page is still useful without it.
  if (poll.isError) return null;
  const { data } = poll;
  const voteError = vote.error ? (isApiError(vote.error) ? vote.error.message : t('voteFailed')) : null;

  return (
    <section aria-labelledby={headingId} className="tp-outlined tp-poll">
      <h2 id={headingId} className="tp-h6" style={{ marginBottom: 4 }}>
        {data.question}
      </h2>
      {data.closes_at && !data.closed && (
        <p className="tp-caption" style={{ marginBottom: 12 }}>
          {t('votingCloses', { date: formatDate(data.closes_at, POINTS_DATE_FORMAT) })}
        </p>
      )}
      {voted ? (
        results.data ? (
          <Results results={results.data} poll={data} />
        ) : results.isError ? (
          <Alert severity="error">{t('resultsFailed')}</Alert>
        ) : (
          <Loading label={t('loadingResults')} height={96} />
        )
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (choice !== null) vote.mutate(choice);
          }}
        >
          <div role="radiogroup" aria-labelledby={headingId} className="tp-stack">
            {data.options.map((option) => (
              <label key={option.id} className="tp-radio tp-body1">
                <input
                  type="radio"
                  name={groupName}
                  value={option.id}
                  checked={choice === option.id}
                  onChange={() => setChoice(option.id)}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          {voteError && (
            <Alert severity="error" className="tp-poll-error">
              {voteError}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={choice === null || vote.isPending}
            style={{ marginTop: 8 }}
          >
            {t('vote')}
          </Button>
        </form>
      )}
    </section>
  );
}
