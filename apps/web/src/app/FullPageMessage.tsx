import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function FullPageMessage({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 3,
        py: 6,
      }}
    >
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ maxWidth: 420, color: 'text.secondary' }}>{children}</Box>
      {action && (
        <Button variant="contained" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}

/** A missing or unknown token (401): the person must use the link they were sent. */
export function InvalidLinkPage() {
  return (
    <FullPageMessage title="This pass link does not work">
      <Typography component="p" sx={{ mb: 1 }}>
        We could not open a pass from this address. Please open your pass from the link you were sent, in your
        e-mail or text message, without changing it.
      </Typography>
      <Typography component="p">
        If the link still does not work, ask the pass provider for a new one.
      </Typography>
    </FullPageMessage>
  );
}

export function LoadErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <FullPageMessage title="We could not load your pass" action={{ label: 'Try again', onClick: onRetry }}>
      <Typography component="p">Check your connection and try again.</Typography>
    </FullPageMessage>
  );
}
