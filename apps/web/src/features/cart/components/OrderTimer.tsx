import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ORDER_HOLD_MINUTES } from '@trailpass/contract';
import { useEffect, useId, useState } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { useAppNavigate } from '../../../lib/navigation';
import { cartErrorMessage, useExpireCartItem, useKeepOrderAlive } from '../api/cart';
import { useCart } from '../cart-store';

/** Seconds as minutes:seconds, e.g. 600 -> 10:00, 59 -> 00:59. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds left before `deadline` (rounded up, so a fresh 10-minute hold reads 10:00). */
export function secondsLeft(deadline: string | null, now: number): number {
  if (deadline === null) return 0;
  const end = Date.parse(deadline);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

/**
 * Spec 4 Order timer: Time Remaining in minutes:seconds until the cart's hold runs out. Then it reads Your
 * Order Has Expired and asks Would you like more time?: Yes keeps the order alive (10 minutes again); No,
 * Escape or a tap outside sends the expiry notice (moreTime false), empties the cart and goes to Rewards.
 * Shown only while the cart holds an item. Used on ClaimReward, ShippingInfo and ReviewOrder.
 */
export function OrderTimer({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation('cart');
  const cart = useCart();
  const navigate = useAppNavigate();
  const keepAlive = useKeepOrderAlive();
  const expire = useExpireCartItem({ onExpired: () => navigate('Rewards') });
  const labelId = useId();
  const titleId = useId();
  const [now, setNow] = useState(() => Date.now());
  const active = cart.orderId !== null && cart.item !== null && cart.expiresAt !== null;
  const left = secondsLeft(cart.expiresAt, now);
  const expired = active && left === 0;

  // Re-read the clock every second while counting (the deadline is absolute, so a sleeping tab is right).
  useEffect(() => {
    setNow(Date.now());
    if (!active || cart.expiresAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active, cart.expiresAt]);

  const [leaving, setLeaving] = useState(false);
  if (!active && !leaving) return null;

  const letItGo = () => {
    if (expire.isPending) return;
    setLeaving(true);
    expire.mutate();
  };
  const moreTime = () => {
    keepAlive.reset();
    keepAlive.mutate();
  };
  const keepAliveError = keepAlive.isError ? cartErrorMessage(keepAlive.error, t('keepAliveFailed')) : null;
  const busy = keepAlive.isPending || expire.isPending;

  return (
    <Box
      sx={[
        { display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {expired || leaving ? (
        <Typography component="p" role="status" sx={{ fontWeight: 600, color: 'error.main' }}>
          {t('orderExpired')}
        </Typography>
      ) : (
        <>
          <Typography id={labelId} component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('timeRemaining')}
          </Typography>
          <Typography
            role="timer"
            aria-labelledby={labelId}
            component="span"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatCountdown(left)}
          </Typography>
          <Box component="span" aria-live="polite" sx={visuallyHidden}>
            {left <= 60 ? t('lessThanAMinute') : ''}
          </Box>
        </>
      )}
      <Dialog open={expired && !leaving} onClose={busy ? undefined : letItGo} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('moreTimeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('moreTimeText', { count: ORDER_HOLD_MINUTES })}</DialogContentText>
          {keepAliveError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {keepAliveError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={letItGo} disabled={busy}>
            {keepAliveError ? t('backToRewards') : t('no')}
          </Button>
          {!keepAliveError && (
            <Button variant="contained" onClick={moreTime} disabled={busy} autoFocus>
              {t('yes')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
