import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { DataResponse, Product, RedeemResponse } from '@trailpass/contract';
import { Suspense, useRef, useState } from 'react';
import { formatPartnerDateTime } from '../../../lib/dates';
import { isPreview } from '../../app-data';
import { TicketCountdown } from '../../modules/components/TicketCountdown';
import { useSecondClock } from '../../modules/components/tickets';
import { type RedeemTarget, redeemErrorMessages, useRedeem } from '../api/redeem';
import { blockText, chooseOrderProduct, type RedeemChoice, redeemBlockOf } from '../redeemable';
import { LazyPinPadDialog as PinPadDialog, preloadPinPad } from './LazyPinPad';

export interface RedeemActionProps {
  appData: DataResponse;
  product: Pick<Product, 'id' | 'name' | 'type'>;
  /** One order product to act on (a ticket); by default the holder's first redeemable one of the product. */
  orderProductId?: number;
  /** The previewed product's page: the preview call, which stores nothing (spec 7). */
  preview?: boolean;
  /** Say why it cannot be redeemed now (the product page); a card shows nothing then. */
  explain?: boolean;
  /** Add the product's name to the button's accessible name, where several buttons share a list. */
  nameInLabel?: boolean;
}

/** The last success: when it was redeemed, and the ticket's time left as the answer came. */
interface Success {
  redeemed: string | null;
  timer: number | null;
  /** Points credited by this redemption. */
  points: number;
  /** When the answer arrived (the timer counts from then). */
  at: number;
}

function successOf(result: RedeemResponse, target: RedeemTarget): Success {
  const id =
    target.kind === 'holder'
      ? target.orderProductId
      : target.kind === 'preview'
        ? target.productId
        : target.orderItemId;
  const orderProduct = result.order_products.find((item) => item.id === id) ?? result.order_products[0];
  return {
    redeemed: orderProduct?.redeemed ?? null,
    timer: orderProduct?.ticket?.timer ?? null,
    points: result.points_earned,
    at: Date.now(),
  };
}

/** The choice for a given order product of the holder's, or null when /data does not list it. */
function choiceFor(appData: DataResponse, orderProductId: number, now: number): RedeemChoice | null {
  const orderProduct = appData.order_products.find((item) => item.id === orderProductId);
  return orderProduct ? { orderProduct, block: redeemBlockOf(appData, orderProduct, now) } : null;
}

/** The holder's target now, or why there is none (null: nothing of theirs to redeem). */
function holderState(
  props: RedeemActionProps,
  now: number,
): { target: RedeemTarget | null; blocked: string | null } {
  const { appData, product } = props;
  const user = appData.partner_user;
  if (!user || isPreview(appData)) return { target: null, blocked: null };
  const choice =
    props.orderProductId === undefined
      ? chooseOrderProduct(appData, product.id, now)
      : choiceFor(appData, props.orderProductId, now);
  if (!choice) return { target: null, blocked: null };
  if (choice.block !== null) {
    return {
      target: null,
      blocked: blockText(appData, { ...choice, block: choice.block }, appData.partner?.timezone),
    };
  }
  return {
    target: {
      kind: 'holder',
      partnerUserId: user.id,
      orderProductId: choice.orderProduct.id,
      checkIn: product.type === 'check-in',
    },
    blocked: null,
  };
}

/**
 * Redeem (or Check In, for a check-in product) one order product with the venue's code (spec 2.18, 4, 7):
 * the button opens the PIN pad; after success it says when it was redeemed, with the ticket's countdown
 * when it has one, announced politely, and focus moves to that line. When it cannot be redeemed now it
 * says why (explain) instead of offering a button.
 */
export function RedeemAction(props: RedeemActionProps) {
  const { appData, product, explain = false, nameInLabel = false } = props;
  const checkIn = product.type === 'check-in';
  const redeem = useRedeem();
  /** The target the open pad acts on, fixed when it opened (a /data refresh does not swap it). */
  const [active, setActive] = useState<RedeemTarget | null>(null);
  const [padWanted, setPadWanted] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [success, setSuccess] = useState<Success | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const focusStatus = useRef(false);

  const timer = success?.timer ?? null;
  const endsAt = success && timer !== null && timer > 0 ? success.at + timer * 1000 : null;
  const now = useSecondClock(endsAt);

  const { target, blocked } = props.preview
    ? { target: { kind: 'preview', productId: product.id, checkIn } satisfies RedeemTarget, blocked: null }
    : holderState(props, Date.now());

  const visible = target !== null || success !== null || active !== null || (explain && blocked !== null);
  if (!visible) return null;

  const open = (next: RedeemTarget) => {
    setErrors([]);
    setActive(next);
    setPadWanted(true);
  };

  const submit = (pin: string) => {
    if (!active) return;
    const attempt = active;
    redeem.mutate(
      { target: attempt, pin },
      {
        onSuccess: (result) => {
          setSuccess(successOf(result, attempt));
          setErrors([]);
          focusStatus.current = true;
          setActive(null);
        },
        onError: (error) => setErrors(redeemErrorMessages(error)),
      },
    );
  };

  const secondsLeft =
    success && timer !== null && timer > 0
      ? timer - Math.max(0, Math.floor((now - success.at) / 1000))
      : null;
  const verb = checkIn ? 'Checked in' : 'Redeemed';
  const label = checkIn ? 'Check In' : 'Redeem';

  return (
    <Box>
      {/* Always in the page, so the success line is announced when it appears. */}
      <Box role="status" ref={statusRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {success && (
          <Typography
            variant="body2"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
          >
            <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
            <span>
              {verb}
              {success.redeemed && (
                <>
                  {' '}
                  <time dateTime={success.redeemed}>
                    {formatPartnerDateTime(success.redeemed, appData.partner?.timezone)}
                  </time>
                </>
              )}
            </span>
          </Typography>
        )}
        {success && success.points > 0 && (
          <Typography variant="body2" component="p">
            {`You earned ${success.points} ${success.points === 1 ? 'point' : 'points'}.`}
          </Typography>
        )}
        {success && props.preview && (
          <Typography variant="caption" color="text.secondary" component="p">
            This is a preview: nothing was saved.
          </Typography>
        )}
      </Box>
      {secondsLeft !== null && secondsLeft > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            Show this to staff. Hides in
          </Typography>
          <TicketCountdown seconds={secondsLeft} name={product.name} />
        </Box>
      )}
      {target ? (
        <Button
          variant="contained"
          fullWidth
          // The visible label first, so voice control by what is seen still works.
          aria-label={nameInLabel ? `${label} ${product.name}` : undefined}
          onClick={() => open(target)}
          // Fetch the pad's chunk as soon as the button is reached for, so it opens at once.
          onPointerEnter={preloadPinPad}
          onFocus={preloadPinPad}
          sx={{ minHeight: 48, mt: success ? 1 : 0 }}
        >
          {label}
        </Button>
      ) : (
        explain &&
        blocked &&
        !success && (
          <Typography variant="body2" color="text.secondary">
            {blocked}
          </Typography>
        )
      )}
      {padWanted && (
        <Suspense fallback={null}>
          <PinPadDialog
            open={active !== null}
            pending={redeem.isPending}
            errors={errors}
            onSubmit={submit}
            onClose={() => setActive(null)}
            onExited={() => {
              if (!focusStatus.current) return;
              focusStatus.current = false;
              statusRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
