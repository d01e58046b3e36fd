import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A shipping address as an <address>, one line each; `empty` stands in when it has no lines. */
export function AddressLines({ lines, empty }: { lines: readonly string[]; empty: ReactNode }) {
  if (lines.length === 0) return <>{empty}</>;
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Box>
  );
}
