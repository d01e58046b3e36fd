import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The page's h1. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
      {children}
    </Typography>
  );
}
