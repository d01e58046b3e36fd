import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';

/** The frame of the signed-out pages: the console's name, the page's heading and its form. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Trailpass console`;
  }, [title]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper sx={{ width: '100%', maxWidth: 420, p: 4 }} elevation={2}>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          Trailpass console
        </Typography>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
