import { z } from 'zod';
import { id, idParam, isoDateTime, partnerUserParams, passQuery } from './common';

/** Spec 7 Polls: GET /partnerUser/{id}/poll/{pollId}?dealId, GET .../results?dealId, POST .../vote?dealId. */
export const pollParams = partnerUserParams.extend({ pollId: idParam });
/** dealId is the deal page the poll is shown on; the poll must belong to it (else 404). */
export const pollQuery = passQuery.extend({ dealId: idParam });
export type PollQuery = z.infer<typeof pollQuery>;

export const pollOption = z.object({ id, label: z.string(), venue_id: id.nullable() });
export const poll = z.object({
  id,
  deal_id: id,
  question: z.string(),
  closes_at: isoDateTime.nullable(),
  /** Derived: closes_at has passed. */
  closed: z.boolean(),
  options: z.array(pollOption),
  /** The option the signed-in user voted for, or null. */
  my_vote: id.nullable(),
});
export type Poll = z.infer<typeof poll>;

export const pollResults = z.object({
  id,
  total: z.number().int().nonnegative(),
  options: z.array(z.object({ id, label: z.string(), votes: z.number().int().nonnegative() })),
  my_vote: id.nullable(),
});
export type PollResults = z.infer<typeof pollResults>;

/** One vote per user and poll: exactly one option id. */
export const voteRequest = z.strictObject({
  votes: z.array(id).length(1, 'Choose exactly one option.'),
});
export type VoteRequest = z.infer<typeof voteRequest>;
