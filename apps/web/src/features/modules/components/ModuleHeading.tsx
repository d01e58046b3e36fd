import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A module's title: the page has the h1, so modules start at h2 (their cards at h3). */
export function ModuleHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
      {children}
    </Typography>
  );
}
