import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Poll, PollResults } from '@trailpass/contract';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { formatDate, POINTS_DATE_FORMAT } from '../../../lib/dates';
import { type PollRef, usePoll, usePollResults, useVote } from '../api/poll';

function Results({ results, poll }: { results: PollResults; poll: Poll }) {
  return (
    <Box
      component="ul"
      aria-label="Results"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {results.options.map((option) => {
        const share = results.total > 0 ? Math.round((option.votes / results.total) * 100) : 0;
        const mine = option.id === results.my_vote;
        return (
          <li key={option.id}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: mine ? 700 : 400 }}>
                {option.label}
                {mine ? ' (your vote)' : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {share}% · {option.votes} {option.votes === 1 ? 'vote' : 'votes'}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={share}
              aria-label={`${option.label}: ${share}%`}
              sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
            />
          </li>
        );
      })}
      <Typography component="li" variant="caption" color="text.secondary">
        {results.total} {results.total === 1 ? 'vote' : 'votes'}
        {poll.closed ? ' · This poll has closed.' : ''}
      </Typography>
    </Box>
  );
}

/** A deal's poll (spec 7 Polls): the question and options, one vote, then the results. */
export function PollCard({ pollRef }: { pollRef: PollRef }) {
  const headingId = useId();
  const poll = usePoll(pollRef);
  const voted = poll.data ? poll.data.my_vote !== null || poll.data.closed : false;
  const results = usePollResults(pollRef, voted);
  const vote = useVote(pollRef);
  const [choice, setChoice] = useState<number | null>(null);

  if (poll.isPending) return <Skeleton variant="rounded" height={160} aria-label="Loading the poll" />;
  // A poll that cannot be read is left out: the deal page is still useful without it.
  if (poll.isError) return null;
  const { data } = poll;
  const voteError = vote.error
    ? isApiError(vote.error)
      ? vote.error.message
      : 'Your vote could not be sent. Check your connection and try again.'
    : null;

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 0.5 }}>
          {data.question}
        </Typography>
        {data.closes_at && !data.closed && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
            Voting closes {formatDate(data.closes_at, POINTS_DATE_FORMAT)}
          </Typography>
        )}
        {voted ? (
          results.data ? (
            <Results results={results.data} poll={data} />
          ) : results.isError ? (
            <Alert severity="error">The results could not be loaded.</Alert>
          ) : (
            <Skeleton variant="rounded" height={96} aria-label="Loading the results" />
          )
        ) : (
          <Box
            component="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (choice !== null) vote.mutate(choice);
            }}
          >
            <RadioGroup
              aria-labelledby={headingId}
              value={choice ?? ''}
              onChange={(event) => setChoice(Number(event.target.value))}
            >
              {data.options.map((option) => (
                <FormControlLabel
                  key={option.id}
                  value={option.id}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
            {voteError && (
              <Alert severity="error" sx={{ my: 1 }}>
                {voteError}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={choice === null || vote.isPending}
              sx={{ mt: 1 }}
            >
              Vote
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
