import { apiPaths, manifestQuery, webManifest } from '@trailpass/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { errorResponses, notFound } from '../../plugins/errors';
import { requestToken } from '../../plugins/rate-limit';
import { sessionOf } from '../../plugins/session';
import { requestLanguage } from '../language/request';
import { localized } from '../language/translate';
import { buildWebManifest } from './domain';
import { existingGeneratedIcons } from './icon-files';
import { findManifestOffer, listManifestIcons } from './repository';

const NO_MANIFEST = 'This pass has no app manifest for that offer.';

export async function manifestRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.manifest,
    {
      // The page's <link rel="manifest"> is fetched by the browser itself, which sends no custom headers.
      config: { apiVersionHeader: 'optional' },
      schema: {
        operationId: 'getManifest',
        summary: 'Web app manifest of the pass (spec 7, Manifest)',
        description:
          'Linked from the app as its manifest. X-Pass-Api-Version may be left out; the token comes from ' +
          'query t. 404 when o is not the offer of the pass (an unregistered link has none). The name is ' +
          "in query lang's language (the app's), else X-Pass-Language's, else the holder's saved one, else " +
          'English; a lang that is not a pass language is ignored.',
        tags: ['manifest'],
        querystring: manifestQuery,
        response: { 200: webManifest, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      // Only the session's own offer: the token must not reveal what other offers are called.
      if (session.offerId === null || request.query.o !== session.offerId) throw notFound(NO_MANIFEST);
      const [offerRow, icons, language] = await Promise.all([
        findManifestOffer(context.db, session.offerId),
        listManifestIcons(context.db, session.offerId),
        // The browser fetches the manifest without the app's headers, so the app names the language it is
        // showing in the link's `lang`; without it (or with one that is not a pass language) a header's,
        // else the holder's saved language, else English (decision 0049).
        requestLanguage(context.db, request, session, request.query.lang),
      ]);
      if (!offerRow) throw notFound(NO_MANIFEST);
      const offer = localized(offerRow, language);
      const generatedIcons = await existingGeneratedIcons(
        context.mediaDir,
        icons.map((icon) => icon.url),
      );
      // The session hook has resolved a token, so there is one.
      const token = requestToken(request) ?? '';
      // Revalidated on every fetch: a renamed offer or a new icon shows up without a stale copy.
      reply.header('cache-control', 'no-cache').type('application/manifest+json');
      return buildWebManifest(
        {
          offerName: offer.name,
          offerStyles: offer.offerStyles,
          partnerStyles: offer.partnerStyles,
          icons,
          generatedIcons,
        },
        token,
      );
    },
  );
}
