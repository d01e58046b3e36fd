import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';

/** Spec 2.8: the Cart page is a placeholder with this exact text. */
export default function CartPage() {
  const { t } = useTranslation('cart');
  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5">
        {t('cartPageComingSoon')}
      </Typography>
    </Box>
  );
}
