import {
  apiPaths,
  LOGIN_NOT_FOUND_MESSAGE,
  loginRequest,
  loginResponse,
  logoutRequest,
  logoutResponse,
} from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app';
import { errorResponses, forbidden, notFound } from '../../plugins/errors';
import { loginRateLimit } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { toPartnerUser } from '../data/service';
import { setSessionPartnerUser } from '../sessions/repository';
import { findPassHolderByEmail } from './repository';

export async function authRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.post(
    apiPaths.login,
    {
      config: { rateLimit: loginRateLimit(context.rateLimit) },
      schema: {
        summary: 'Sign in: bind the pass token to the holder of this e-mail',
        description: `404 with "${LOGIN_NOT_FOUND_MESSAGE}" when no holder of the offer has the e-mail.`,
        tags: ['auth'],
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.isPreview) throw forbidden('Signing in is not available in preview mode.');
      if (session.isUnregisteredLink || session.offerId === null) {
        throw forbidden('This check-in link has no pass to sign in to. Register for a pass first.');
      }
      const user = await findPassHolderByEmail(context.db, session.offerId, request.body.email);
      if (!user) throw notFound(LOGIN_NOT_FOUND_MESSAGE);
      await setSessionPartnerUser(context.db, session.id, user.id);
      request.log.info({ sessionId: session.id, partnerUserId: user.id }, 'login');
      return { partner_user: toPartnerUser(user) };
    },
  );

  routes.post(
    apiPaths.logout,
    {
      schema: {
        summary: 'Sign out: unbind the partner user from the pass token',
        tags: ['auth'],
        body: logoutRequest,
        response: { 200: logoutResponse, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.partnerUserId !== null) {
        await setSessionPartnerUser(context.db, session.id, null);
        request.log.info({ sessionId: session.id }, 'logout');
      }
      return { ok: true as const };
    },
  );
}
