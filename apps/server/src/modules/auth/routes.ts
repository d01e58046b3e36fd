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
import type { AppContext } from '../../app-context';
import { errorResponses, forbidden, notFound } from '../../plugins/errors';
import { loginRateLimit } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { toPartnerUser } from '../data/service';
import { setSessionPartnerUser } from '../sessions/repository';
import { findPassHolderByEmail } from './repository';

const PUBLIC_LINK_LOGIN_MESSAGE =
  'This is a shared link, which nobody can sign in on. Open it again to get a session of your own, then sign in.';

export async function authRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  routes.post(
    apiPaths.login,
    {
      config: { rateLimit: loginRateLimit(context.rateLimit) },
      schema: {
        operationId: 'logIn',
        summary: 'Sign in: bind the pass token to the holder of this e-mail',
        description:
          `404 with "${LOGIN_NOT_FOUND_MESSAGE}" when no holder of the offer has the e-mail. 403 for a ` +
          'preview, an unregistered link or a public link (trade that for a visitor session first: POST ' +
          `${apiPaths.visitorSession}).`,
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
      // Decision 0022: everyone who opens a public link shares its session, so signing in to it would
      // show one person's pass to all of them. The app signs in on its visitor session instead.
      if (session.isPublic) throw forbidden(PUBLIC_LINK_LOGIN_MESSAGE);
      const user = await findPassHolderByEmail(context.db, session.offerId, request.body.email);
      if (!user) throw notFound(LOGIN_NOT_FOUND_MESSAGE);
      // False only for a public session, which the repository (and the table) never binds.
      if (!(await setSessionPartnerUser(context.db, session.id, user.id))) {
        throw forbidden(PUBLIC_LINK_LOGIN_MESSAGE);
      }
      request.log.info({ sessionId: session.id, partnerUserId: user.id }, 'login');
      return { partner_user: toPartnerUser(user) };
    },
  );

  routes.post(
    apiPaths.logout,
    {
      schema: {
        operationId: 'logOut',
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
