import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy';

/** Shown inside the shell when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!chunk && !notFound) console.error(error);
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
