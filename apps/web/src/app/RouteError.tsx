import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router';
import { reportError } from '../features/error-reporting';
import { ChunkLoadError } from '../lib/lazy';
import { currentHandle } from './route-handle';

/** Shown inside the shell when a page fails to load or render. */
export function RouteError() {
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
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          notFound ? undefined : (
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          )
        }
      >
        {chunk
          ? 'This page could not be loaded. Check your connection and reload.'
          : notFound
            ? 'This page does not exist.'
            : 'Something went wrong on this page. Please reload.'}
      </Alert>
    </Box>
  );
}
