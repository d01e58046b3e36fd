import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * One module's block: its label as the h2 (the page holds the h1) and the content. A module without a
 * label gets no heading and no landmark; its lists carry their own accessible names.
 */
export function TitledSection({
  title,
  actions,
  children,
  sx,
}: {
  title: string | null;
  /** Controls beside the heading (the list/map switch). */
  actions?: ReactNode;
  children: ReactNode | ((headingId: string | undefined) => ReactNode);
  sx?: SxProps<Theme>;
}) {
  const headingId = useId();
  const labelledBy = title ? headingId : undefined;
  return (
    <Box
      component={title ? 'section' : 'div'}
      aria-labelledby={labelledBy}
      sx={[{ px: 2, py: 1.5 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {(title || actions) && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
            mb: 1,
          }}
        >
          {title && (
            <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
          )}
          {actions}
        </Box>
      )}
      {typeof children === 'function' ? children(labelledBy) : children}
    </Box>
  );
}
