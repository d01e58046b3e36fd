import Box from '@mui/material/Box';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What a list shows when it has no row: the page's icon, a sentence saying what is empty, and the actions
 * that would fill it (for those who may take them). One look for every console list.
 */
export function EmptyState({
  icon: Icon,
  text,
  children,
}: {
  icon: typeof SvgIcon;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Icon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p">
        {text}
      </Typography>
      {children && <Box sx={{ mt: 2, display: 'flex', gap: 1, justifyContent: 'center' }}>{children}</Box>}
    </Box>
  );
}
