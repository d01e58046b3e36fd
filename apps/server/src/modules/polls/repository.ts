import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { ballots, deals, poll_options, polls } from '../../db/schema';

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = Pick<
  typeof poll_options.$inferSelect,
  'id' | 'label' | 'venue_id' | 'votes' | 'translations'
>;

/** A poll as the holder reads it (with its translations, decision 0049): one list for every read of one. */
export const POLL_COLUMNS = {
  id: polls.id,
  deal_id: polls.deal_id,
  question: polls.question,
  closes_at: polls.closes_at,
  translations: polls.translations,
};

/**
 * The poll when it belongs to the deal and the deal to the offer; null otherwise, so that a poll of
 * another deal or offer reads exactly like one that does not exist.
 */
export async function findPollOfDeal(
  db: DbExecutor,
  ids: { pollId: number; dealId: number; offerId: number },
): Promise<PollRow | null> {
  const [row] = await db
    .select(POLL_COLUMNS)
    .from(polls)
    .innerJoin(deals, eq(deals.id, polls.deal_id))
    .where(and(eq(polls.id, ids.pollId), eq(polls.deal_id, ids.dealId), eq(deals.offer_id, ids.offerId)))
    .limit(1);
  return row ?? null;
}

/** The poll's options in their given order, with their vote counts. */
export function listPollOptions(db: DbExecutor, pollId: number): Promise<PollOptionRow[]> {
  return db
    .select({
      id: poll_options.id,
      label: poll_options.label,
      venue_id: poll_options.venue_id,
      votes: poll_options.votes,
      translations: poll_options.translations,
    })
    .from(poll_options)
    .where(eq(poll_options.poll_id, pollId))
    .orderBy(asc(poll_options.position), asc(poll_options.id));
}

/** The option the user voted for in the poll, or null. */
export async function findBallotOption(
  db: DbExecutor,
  pollId: number,
  partnerUserId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ option_id: ballots.option_id })
    .from(ballots)
    .where(and(eq(ballots.poll_id, pollId), eq(ballots.partner_user_id, partnerUserId)))
    .limit(1);
  return row?.option_id ?? null;
}

/**
 * Records the user's ballot unless they have one in this poll. Returns false when they had: the unique
 * index on (poll_id, partner_user_id) decides, so of two parallel votes exactly one inserts (the other
 * waits for the first to commit, then does nothing).
 */
export async function insertBallot(
  db: DbExecutor,
  ballot: { pollId: number; partnerUserId: number; optionId: number; votedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(ballots)
    .values({
      poll_id: ballot.pollId,
      partner_user_id: ballot.partnerUserId,
      option_id: ballot.optionId,
      voted_at: ballot.votedAt,
    })
    .onConflictDoNothing({ target: [ballots.poll_id, ballots.partner_user_id] })
    .returning({ id: ballots.id });
  return rows.length > 0;
}

/** One more vote for the option, counted in the database (never a read-then-write in the app). */
export async function addOptionVote(db: DbExecutor, pollId: number, optionId: number): Promise<void> {
  await db
    .update(poll_options)
    .set({ votes: sql`${poll_options.votes} + 1` })
    .where(and(eq(poll_options.id, optionId), eq(poll_options.poll_id, pollId)));
}
