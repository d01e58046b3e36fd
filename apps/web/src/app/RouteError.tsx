import { useEffect } from 'react';
import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import { reportError } from '../features/error-reporting';
import { useTranslation } from '../i18n';
import { ChunkLoadError } from '../lib/lazy';
import { currentHandle } from './route-handle';

/**
 * Shown inside the shell when a page fails to load or render. Plain HTML with the classes of index.html, not
 * MUI: the router is in the first chunk, and this must work when the MUI chunk itself could not load
 * (decision 0025).
 */
export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!chunk && !notFound) console.error(error);
  const routeName = currentHandle(useMatches())?.handle.name ?? null;
  // A page that does not exist is not an error of the app; the rest is reported (sampled, spec 9).
  useEffect(() => {
    if (!notFound) reportError(error, { routeName });
  }, [error, notFound, routeName]);
  return (
    <div style={{ padding: 16 }}>
      <div className="tp-error-box" role="alert" style={{ alignItems: 'center' }}>
        <p style={{ flex: 1 }}>
          {chunk ? t('pageLoadFailed') : notFound ? t('pageNotFound') : t('pageFailed')}
        </p>
        {!notFound && (
          <button type="button" className="tp-button" onClick={() => window.location.reload()}>
            {t('reload')}
          </button>
        )}
      </div>
    </div>
  );
}
