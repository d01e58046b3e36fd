import type { PassLanguage, Poll, PollResults } from '@trailpass/contract';
import type { AppDb, DbExecutor } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { badRequest, conflict, notFound, unprocessable } from '../../plugins/errors';
import type { HolderSession } from '../../plugins/session';
import { iso } from '../data/domain';
import { localized } from '../language/translate';
import {
  addOptionVote,
  findBallotOption,
  findPollOfDeal,
  insertBallot,
  listPollOptions,
  type PollOptionRow,
  type PollRow,
} from './repository';

export const POLL_CLOSED_MESSAGE = 'This poll has closed.';
export const ALREADY_VOTED_MESSAGE = 'You have already voted in this poll.';

/** Closed once its closing time has come (a poll without one stays open). */
export function isPollClosed(closesAt: Date | null, now: Date): boolean {
  return closesAt !== null && closesAt.getTime() <= now.getTime();
}

export interface PollTarget {
  pollId: number;
  /** The deal page the poll is shown on. */
  dealId: number;
}

async function requirePoll(db: DbExecutor, holder: HolderSession, target: PollTarget): Promise<PollRow> {
  const poll = await findPollOfDeal(db, { ...target, offerId: holder.offerId });
  if (!poll) throw notFound();
  return poll;
}

function toResults(
  poll: PollRow,
  options: PollOptionRow[],
  myVote: number | null,
  language: PassLanguage,
): PollResults {
  return {
    id: poll.id,
    total: options.reduce((sum, option) => sum + option.votes, 0),
    options: options.map((option) => {
      const { id, label, votes } = localized(option, language);
      return { id, label, votes };
    }),
    my_vote: myVote,
  };
}

/** GET .../poll/{pollId}: the question, its options in order, whether it has closed, the user's vote. */
export async function loadPoll(
  db: DbExecutor,
  holder: HolderSession,
  target: PollTarget,
  now: Date,
  language: PassLanguage = 'en',
): Promise<Poll> {
  const poll = localized(await requirePoll(db, holder, target), language);
  const [options, myVote] = await readsTogether(db, [
    () => listPollOptions(db, poll.id),
    () => findBallotOption(db, poll.id, holder.partnerUserId),
  ]);
  return {
    id: poll.id,
    deal_id: poll.deal_id,
    question: poll.question,
    closes_at: iso(poll.closes_at),
    closed: isPollClosed(poll.closes_at, now),
    options: options.map((option) => {
      const { id, label, venue_id } = localized(option, language);
      return { id, label, venue_id };
    }),
    my_vote: myVote,
  };
}

/** GET .../poll/{pollId}/results: votes per option (as stored) and their sum. */
export async function loadPollResults(
  db: DbExecutor,
  holder: HolderSession,
  target: PollTarget,
  language: PassLanguage = 'en',
): Promise<PollResults> {
  const poll = await requirePoll(db, holder, target);
  const [options, myVote] = await readsTogether(db, [
    () => listPollOptions(db, poll.id),
    () => findBallotOption(db, poll.id, holder.partnerUserId),
  ]);
  return toResults(poll, options, myVote, language);
}

/**
 * POST .../poll/{pollId}/vote: one ballot per user and poll. The ballot and the option's count change in
 * one transaction, and the ballot insert is what decides (unique index, ON CONFLICT DO NOTHING), so a
 * repeated or parallel vote is a 409 that changes nothing rather than a second count.
 */
export async function castVote(
  db: AppDb,
  holder: HolderSession,
  target: PollTarget & { optionId: number },
  now: Date,
  language: PassLanguage = 'en',
): Promise<PollResults> {
  return db.transaction(async (tx) => {
    const poll = await requirePoll(tx, holder, target);
    const options = await listPollOptions(tx, poll.id);
    if (!options.some((option) => option.id === target.optionId)) {
      throw badRequest('That option is not part of this poll.', { votes: 'Choose one of the poll options.' });
    }
    if (isPollClosed(poll.closes_at, now)) throw unprocessable(POLL_CLOSED_MESSAGE);
    const inserted = await insertBallot(tx, {
      pollId: poll.id,
      partnerUserId: holder.partnerUserId,
      optionId: target.optionId,
      votedAt: now,
    });
    if (!inserted) throw conflict(ALREADY_VOTED_MESSAGE);
    await addOptionVote(tx, poll.id, target.optionId);
    return toResults(poll, await listPollOptions(tx, poll.id), target.optionId, language);
  });
}
