import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LatLng, OrderItem } from '@trailpass/contract';
import { Suspense, useState } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../i18n';
import { useUserLocation } from '../../../lib/location';
import { type RedeemTarget, redeemErrorMessages, type useRedeem } from '../../redeem/api/redeem';
import { LazyPinPadDialog, preloadPinPad } from '../../redeem/components/LazyPinPad';
import { locateForPickup, needsCode, pickupValidation } from '../../redeem/pickup';

export interface ConfirmPickupProps {
  item: Pick<OrderItem, 'id' | 'name' | 'redemption_validation'>;
  partnerUserId: number;
  /** The page's pickup mutation (useConfirmPickup): its success marks the item and opens the modal. */
  confirm: ReturnType<typeof useRedeem>;
  /** Another item's confirmation is running: this one waits. */
  disabled?: boolean;
}

/**
 * Spec 4 Pickup confirmation for one pending item: Confirm Pickup sends it at once when it needs no code,
 * opens the PIN pad for `pin`, and for `gpsOrPin` first tries the holder's location (close enough to the
 * venue confirms it) and opens the pad when the location is not known or not close enough. Spec 8: the
 * server's errors show as red alerts on the item, or in the pad when it is open (the pad clears the PIN
 * after each attempt).
 */
export function ConfirmPickup({ item, partnerUserId, confirm, disabled = false }: ConfirmPickupProps) {
  const { t } = useTranslation('orders');
  const validation = pickupValidation(item.redemption_validation);
  // Asking early means the location is usually known by the time the holder taps.
  useUserLocation(validation === 'gpsOrPin' ? partnerUserId : null);
  const [locating, setLocating] = useState(false);
  const [itemErrors, setItemErrors] = useState<readonly string[]>([]);
  const [padWanted, setPadWanted] = useState(false);
  const [padOpen, setPadOpen] = useState(false);
  const [padErrors, setPadErrors] = useState<readonly string[]>([]);

  const target = (location: LatLng | null = null): RedeemTarget => ({
    kind: 'pickup',
    partnerUserId,
    orderItemId: item.id,
    location,
  });

  const openPad = () => {
    setPadErrors([]);
    setPadWanted(true);
    setPadOpen(true);
  };

  const sendWithoutCode = (withTarget: RedeemTarget) => {
    confirm.mutate(
      { target: withTarget, pin: '' },
      {
        onError: (error) => {
          if (validation === 'gpsOrPin' && needsCode(error)) openPad();
          else setItemErrors(redeemErrorMessages(error));
        },
      },
    );
  };

  const start = async () => {
    setItemErrors([]);
    if (validation === 'pin') {
      openPad();
      return;
    }
    if (validation === 'none') {
      sendWithoutCode(target());
      return;
    }
    setLocating(true);
    const location = await locateForPickup();
    setLocating(false);
    if (location) sendWithoutCode(target(location));
    else openPad();
  };

  const submitCode = (pin: string) => {
    confirm.mutate(
      { target: target(), pin },
      {
        onSuccess: () => setPadOpen(false),
        onError: (error) => setPadErrors(redeemErrorMessages(error)),
      },
    );
  };

  const sending =
    confirm.isPending &&
    confirm.variables?.target.kind === 'pickup' &&
    confirm.variables.target.orderItemId === item.id;
  // The button's name stays "Confirm Pickup: …"; what it is doing is said here.
  const busy = locating || (sending && !padOpen);
  const progress = locating ? t('checkingLocation') : sending && !padOpen ? t('confirmingPickup') : '';

  return (
    <Box>
      {itemErrors.length > 0 && (
        <Box sx={{ display: 'grid', gap: 1, mb: 1 }}>
          {itemErrors.map((message) => (
            <Alert key={message} severity="error" role="alert">
              {message}
            </Alert>
          ))}
        </Box>
      )}
      <Button
        variant="contained"
        fullWidth
        // The visible label first, so voice control by what is seen still works.
        aria-label={t('confirmPickupFor', { name: item.name })}
        onClick={() => void start()}
        disabled={disabled || busy}
        loading={busy}
        loadingPosition="start"
        onPointerEnter={validation === 'none' ? undefined : preloadPinPad}
        onFocus={validation === 'none' ? undefined : preloadPinPad}
        sx={{ minHeight: 48 }}
      >
        {locating ? t('checkingLocation') : t('confirmPickup')}
      </Button>
      <Box component="span" role="status" sx={visuallyHidden}>
        {progress}
      </Box>
      {padWanted && (
        <Suspense fallback={null}>
          <LazyPinPadDialog
            open={padOpen}
            pending={confirm.isPending}
            errors={padErrors}
            onSubmit={submitCode}
            onClose={() => setPadOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
