import {
  apiPaths,
  DEFAULT_PASS_LANGUAGE,
  LOGIN_CODE_ENDED_MESSAGE,
  LOGIN_CODE_WRONG_MESSAGE,
  LOGIN_NOT_FOUND_MESSAGE,
  loginCodeRequest,
  loginCodeResponse,
  loginRequest,
  loginResponse,
  logoutRequest,
  logoutResponse,
  lostLinkRequest,
  lostLinkResponse,
} from '@trailpass/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses, forbidden, notFound, unprocessable } from '../../plugins/errors';
import { loginRateLimit, lostLinkRateLimit } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { toPartnerUser } from '../data/service';
import { translator } from '../language/i18n';
import { requestLanguage } from '../language/request';
import { type PassSession, setSessionPartnerUser } from '../sessions/repository';
import { checkLoginCode } from './login-codes';
import { findOfferName, findPassHolder, findPassHolderByEmail } from './repository';
import { loginVerificationOf, sendLoginCode, sendLostLink } from './service';

const PUBLIC_LINK_LOGIN_MESSAGE =
  'This is a shared link, which nobody can sign in on. Open it again to get a session of your own, then sign in.';

/** The session a sign-in may bind: not a preview, an unregistered or a public link (403), with an offer. */
function signInSession(request: FastifyRequest): PassSession & { offerId: number } {
  const session = sessionOf(request);
  if (session.isPreview) throw forbidden('Signing in is not available in preview mode.');
  if (session.isUnregisteredLink || session.offerId === null) {
    throw forbidden('This check-in link has no pass to sign in to. Register for a pass first.');
  }
  // Decision 0022: everyone who opens a public link shares its session, so signing in to it would
  // show one person's pass to all of them. The app signs in on its visitor session instead.
  if (session.isPublic) throw forbidden(PUBLIC_LINK_LOGIN_MESSAGE);
  return session as PassSession & { offerId: number };
}

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
          `${apiPaths.visitorSession}). On an offer with login_verification email_code (issue 29) the ` +
          `session is not bound yet: a code is e-mailed (code_sent), and POST ${apiPaths.loginCode} binds it.`,
        tags: ['auth'],
        body: loginRequest,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const session = signInSession(request);
      const user = await findPassHolderByEmail(context.db, session.offerId, request.body.email);
      if (!user) throw notFound(LOGIN_NOT_FOUND_MESSAGE);
      if ((await loginVerificationOf(context.db, session.offerId)) === 'email_code') {
        const sent = await sendLoginCode(context.db, context.mail, {
          sessionId: session.id,
          offerId: session.offerId,
          holder: user,
          now: context.now(),
          ttlMs: context.loginCodeTtlMs,
        });
        request.log.info({ sessionId: session.id, partnerUserId: user.id }, 'login code sent');
        return sent;
      }
      // False only for a public session, which the repository (and the table) never binds.
      if (!(await setSessionPartnerUser(context.db, session.id, user.id))) {
        throw forbidden(PUBLIC_LINK_LOGIN_MESSAGE);
      }
      request.log.info({ sessionId: session.id, partnerUserId: user.id }, 'login');
      return { partner_user: toPartnerUser(user) };
    },
  );

  routes.post(
    apiPaths.loginCode,
    {
      config: { rateLimit: loginRateLimit(context.rateLimit) },
      schema: {
        operationId: 'logInWithCode',
        summary: 'Finish a verified sign-in with the code e-mailed by POST /login (issue 29)',
        description:
          `422 "${LOGIN_CODE_WRONG_MESSAGE}" for a wrong code, "${LOGIN_CODE_ENDED_MESSAGE}" once the code ` +
          'has expired (10 minutes), been tried 5 times wrongly, or there is none; a right code binds the ' +
          'session, once. 403 as POST /login.',
        tags: ['auth'],
        body: loginCodeRequest,
        response: { 200: loginCodeResponse, ...errorResponses(400, 401, 403, 415, 422, 429) },
      },
    },
    async (request) => {
      const session = signInSession(request);
      // The check commits its count of wrong tries; the refusal is thrown after it.
      const check = await context.db.transaction(async (tx) => {
        const result = await checkLoginCode(tx, {
          sessionId: session.id,
          code: request.body.code,
          now: context.now(),
        });
        if (result.ok) await setSessionPartnerUser(tx, session.id, result.partnerUserId);
        return result;
      });
      if (!check.ok) {
        const message = check.ended ? LOGIN_CODE_ENDED_MESSAGE : LOGIN_CODE_WRONG_MESSAGE;
        throw unprocessable(message, { code: message });
      }
      const user = await findPassHolder(context.db, check.partnerUserId);
      if (!user) throw notFound(LOGIN_NOT_FOUND_MESSAGE);
      request.log.info({ sessionId: session.id, partnerUserId: user.id }, 'login');
      return { partner_user: toPartnerUser(user) };
    },
  );

  routes.post(
    apiPaths.lostLink,
    {
      config: { rateLimit: lostLinkRateLimit(context.rateLimit) },
      schema: {
        operationId: 'sendLostPassLink',
        summary: 'E-mail a holder their pass link ("Lost your pass link?", issue 29)',
        description:
          'The same answer whether or not the e-mail holds a pass on the offer, so it reveals nothing; when ' +
          'it does, a new link of their own is e-mailed (at most 3 an hour to one address). 3 requests an ' +
          'hour per client address (429). 403 for a preview or an unregistered link.',
        tags: ['auth'],
        body: lostLinkRequest,
        response: { 200: lostLinkResponse, ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.isPreview || session.isUnregisteredLink || session.offerId === null) {
        throw forbidden('This link has no pass to send.');
      }
      const language = await requestLanguage(context.db, request, session);
      const [holder, offerName] = await Promise.all([
        findPassHolderByEmail(context.db, session.offerId, request.body.email),
        findOfferName(context.db, session.offerId, language),
      ]);
      const answer = await sendLostLink(context.db, context.mail, {
        offerId: session.offerId,
        offerName,
        holder,
        now: context.now(),
      });
      // The same sentence in the request's language (decision 0049); the e-mail is in the holder's own.
      return language === DEFAULT_PASS_LANGUAGE
        ? answer
        : { message: translator(language)('auth.lostLinkSent', { offer: offerName }) };
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
