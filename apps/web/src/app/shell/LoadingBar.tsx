import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Spec 2.3: a progress bar while the initial data or a page chunk loads. */
export function LoadingBar({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}>
      <LinearProgress aria-label="Loading" />
    </Box>
  );
}
