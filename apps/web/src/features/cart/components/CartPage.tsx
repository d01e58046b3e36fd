import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Spec 2.8: the Cart page is a placeholder with this exact text. */
export default function CartPage() {
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5">
        Cart Page ( coming soon... )
      </Typography>
    </Box>
  );
}
