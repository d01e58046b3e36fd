import { apiPaths, poll, pollParams, pollQuery, pollResults, voteRequest } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses } from '../../plugins/errors';
import { holderSession } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { ALREADY_VOTED_MESSAGE, castVote, loadPoll, loadPollResults, POLL_CLOSED_MESSAGE } from './service';

const WHO =
  'id must be the signed-in partner user (else 404; 403 for a preview or unregistered link); the poll must ' +
  'belong to deal dealId and the deal to the pass offer, else 404.';

export async function pollsRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.poll,
    {
      schema: {
        operationId: 'getPoll',
        summary: 'A poll on a deal page, with the options in order and the holder’s vote (spec 7, Polls)',
        description: `${WHO} closed is true once closes_at has passed.`,
        tags: ['polls'],
        params: pollParams,
        querystring: pollQuery,
        response: { 200: poll, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await loadPoll(
        context.db,
        holder,
        { pollId: request.params.pollId, dealId: request.query.dealId },
        context.now(),
        await requestLanguage(context.db, request, holder),
      );
      // my_vote is per user and changes with a vote: never cached.
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.get(
    apiPaths.pollResults,
    {
      schema: {
        operationId: 'getPollResults',
        summary: 'Votes per option of a poll and their total (spec 7, Polls)',
        description: WHO,
        tags: ['polls'],
        params: pollParams,
        querystring: pollQuery,
        response: { 200: pollResults, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      const body = await loadPollResults(
        context.db,
        holder,
        { pollId: request.params.pollId, dealId: request.query.dealId },
        await requestLanguage(context.db, request, holder),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  routes.post(
    apiPaths.pollVote,
    {
      schema: {
        operationId: 'voteInPoll',
        summary: 'Vote once in a poll; answers the results with the vote counted (spec 7, Polls)',
        description:
          `${WHO} 400 (fields.votes) for an option of another poll, 422 "${POLL_CLOSED_MESSAGE}", ` +
          `409 "${ALREADY_VOTED_MESSAGE}" for a second vote, which changes nothing.`,
        tags: ['polls'],
        params: pollParams,
        querystring: pollQuery,
        body: voteRequest,
        response: { 200: pollResults, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const holder = holderSession(request, { id: request.params.id });
      // voteRequest admits exactly one option id.
      const [optionId] = request.body.votes as [number];
      const body = await castVote(
        context.db,
        holder,
        { pollId: request.params.pollId, dealId: request.query.dealId, optionId },
        context.now(),
        await requestLanguage(context.db, request, holder),
      );
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
}
