import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading';

/** An honest placeholder for a page that a later release fills in. */
export function ComingSoon({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ p: 2 }}>
      <PageHeading>{title}</PageHeading>
      {subtitle && (
        <Typography component="p" variant="subtitle1" sx={{ mt: -1.5, mb: 2, color: 'text.secondary' }}>
          {subtitle}
        </Typography>
      )}
      <Box
        role="status"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1,
          py: 6,
          px: 2,
          color: 'text.secondary',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <ConstructionIcon aria-hidden="true" fontSize="large" />
        <Typography component="p">This page is coming soon.</Typography>
        {children}
      </Box>
    </Box>
  );
}
