import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Address,
  type DistributionRequest,
  isShippingAddressComplete,
  type Order,
  type PartnerUser,
} from '@trailpass/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { mergeSources, ShippingForm, type ShippingSubmit } from '../../shipping';
import { shipToOf } from '../order-rules';

export interface EditShippingDialogProps {
  open: boolean;
  order: Pick<Order, 'customer' | 'distribute'>;
  holder: PartnerUser | null;
  /** Spec 5: Ship to Someone Else is offered when the offer gifts and the item is giftable. */
  giftable: boolean;
  /** Sends the distribution call; rejects with the server's refusal. */
  onSave: (change: DistributionRequest) => Promise<void>;
  onClose: () => void;
  onExited?: () => void;
}

const SAME_FIELDS = [
  'first_name',
  'last_name',
  'address',
  'address_2',
  'city',
  'state',
  'zip_code',
  'country',
] as const;

function sameAddress(a: Address, b: Address): boolean {
  const norm = (value: string | null | undefined) => value?.trim().toLowerCase() ?? '';
  return SAME_FIELDS.every((field) => norm(a[field]) === norm(b[field]));
}

/**
 * What the distribution call is sent (decision 0017). Someone else: that recipient. The holder: false,
 * with the typed address as the holder's own new address for the order unless it is the order's own
 * complete address already (a recipient named after the holder would be a gift to themselves).
 */
export function distributionFor(
  { shipToSomeoneElse, address }: ShippingSubmit,
  customer: Address,
): DistributionRequest {
  if (shipToSomeoneElse) return { distribute: address };
  if (isShippingAddressComplete(customer) && sameAddress(address, customer)) return { distribute: false };
  return { distribute: false, customer: address };
}

/**
 * Spec 2.9: "Please edit and enter your shipping information". The shared shipping form (spec 2.7 and 5)
 * in a dialog, full screen on a phone, started from the order's address (else the pass's record). Saving
 * sets where the order's shipped item goes while it has not been sent.
 */
export default function EditShippingDialog({
  open,
  order,
  holder,
  giftable,
  onSave,
  onClose,
  onExited,
}: EditShippingDialogProps) {
  const { t } = useTranslation('orders');
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Without gifting, an older order's saved recipient may be the holder's own address: start from it.
  const own = giftable ? order.customer : shipToOf(order);

  const save = async (shipping: ShippingSubmit) => {
    setSubmitError(null);
    try {
      await onSave(distributionFor(shipping, order.customer));
    } catch (error) {
      setSubmitError(isApiError(error) && error.message ? error.message : t('saveShippingFailed'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ transition: onExited ? { onExited } : {} }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('editShippingTitle')}
        <IconButton
          aria-label={t('close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8, width: 48, height: 48 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {/* The caller mounts a new dialog (a new key) for each opening, so the form starts afresh. */}
        <ShippingForm
          holderEmail={holder?.email ?? null}
          customer={mergeSources(own ?? null, holder)}
          distribute={order.distribute}
          giftable={giftable}
          onSubmit={save}
          submitError={submitError}
          submitLabel={t('saveShipping')}
        />
      </DialogContent>
    </Dialog>
  );
}
