import type { DataResponse, Product, RedeemResponse } from '@trailpass/contract';
import { useRef, useState } from 'react';
import CheckCircleIcon from '~icons/ic/baseline-check-circle';
import CloudOffIcon from '~icons/ic/baseline-cloud-off';
import { Alert, Button } from '../../../components/ui';
import { type TFunction, Trans, useTranslation } from '../../../i18n';
import { apiErrorOf } from '../../../lib/api-client';
import { formatPartnerDateTime } from '../../../lib/dates';
import { isPreview } from '../../app-data';
import { TicketCountdown } from '../../modules/components/TicketCountdown';
import { useSecondClock } from '../../modules/components/tickets';
import { dismissAnswer, type QueuedAnswer, useQueuedFor } from '../../offline-queue';
import { isRedeemQueued, type RedeemTarget, redeemErrorMessages, useRedeem } from '../api/redeem';
import { isRedeemResponse } from '../offline-answers';
import {
  blockText,
  chooseOrderProduct,
  orderProductsOf,
  type RedeemChoice,
  redeemBlockOf,
} from '../redeemable';
import { PinPadIsland, preloadPinPadIsland } from './LazyPinPad';

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

/** Spec has no words for it: plain ones, in the status region, in place of the button. */
export function waitingText(checkIn: boolean, t: TFunction<'redeem'>): string {
  return checkIn ? t('waitingCheckIn') : t('waitingRedemption');
}

function successOf(result: RedeemResponse, target: RedeemTarget, at: number = Date.now()): Success {
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
    at,
  };
}

/** A queued attempt's answer as the ticket shows it: a success, or the refusal's messages. */
function answerShown(answer: QueuedAnswer | null): { success: Success | null; errors: readonly string[] } {
  if (!answer) return { success: null, errors: [] };
  if (answer.status >= 200 && answer.status < 300) {
    return {
      success: isRedeemResponse(answer.body)
        ? successOf(answer.body, answer.target, answer.answeredAt)
        : null,
      errors: [],
    };
  }
  return { success: null, errors: redeemErrorMessages(apiErrorOf(answer.status, answer.body)) };
}

/** The holder's order products this action may act on: the one given, else those of the product. */
function watchedOrderProducts(props: RedeemActionProps): number[] {
  if (props.preview || !props.appData.partner_user) return [];
  if (props.orderProductId !== undefined) return [props.orderProductId];
  return orderProductsOf(props.appData, props.product.id).map((item) => item.id);
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
 *
 * Offline (issue 9), the attempt is queued: the ticket says it is waiting, with no button, until the server
 * has answered it (also after a reload), then shows that answer as it would a live one: the success, or
 * the refusal's messages.
 */
export function RedeemAction(props: RedeemActionProps) {
  const { appData, product, explain = false, nameInLabel = false } = props;
  const { t } = useTranslation('redeem');
  const checkIn = product.type === 'check-in';
  const redeem = useRedeem();
  /** The target the open pad acts on, fixed when it opened (a /data refresh does not swap it). */
  const [active, setActive] = useState<RedeemTarget | null>(null);
  const [padWanted, setPadWanted] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [success, setSuccess] = useState<Success | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const focusStatus = useRef(false);
  const queued = useQueuedFor(watchedOrderProducts(props));
  const answered = answerShown(queued.answer);
  const waiting = queued.waiting !== null;
  // The latest of a live success and a queued attempt's answer.
  const shown =
    success && (!answered.success || success.at >= answered.success.at) ? success : answered.success;

  const timer = shown?.timer ?? null;
  const endsAt = shown && timer !== null && timer > 0 ? shown.at + timer * 1000 : null;
  const now = useSecondClock(endsAt);

  const { target, blocked } = props.preview
    ? { target: { kind: 'preview', productId: product.id, checkIn } satisfies RedeemTarget, blocked: null }
    : holderState(props, Date.now());

  const visible =
    target !== null ||
    shown !== null ||
    active !== null ||
    waiting ||
    answered.errors.length > 0 ||
    (explain && blocked !== null);
  if (!visible) return null;

  const open = (next: RedeemTarget) => {
    // A queued attempt's refusal gives way to the new attempt, as the pad's own errors do.
    if (queued.answer && answered.errors.length > 0) dismissAnswer(queued.answer.key);
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
        onError: (error) => {
          if (isRedeemQueued(error)) {
            // Offline: the pad closes and the ticket says it is waiting (focus moves there).
            setErrors([]);
            focusStatus.current = true;
            setActive(null);
            return;
          }
          setErrors(redeemErrorMessages(error));
        },
      },
    );
  };

  const secondsLeft =
    shown && timer !== null && timer > 0 ? timer - Math.max(0, Math.floor((now - shown.at) / 1000)) : null;
  const label = checkIn ? t('checkIn') : t('redeem');
  const namedLabel = checkIn
    ? t('checkInItem', { name: product.name })
    : t('redeemItem', { name: product.name });
  const redeemedOn = shown?.redeemed
    ? {
        time: <time dateTime={shown.redeemed} />,
        date: formatPartnerDateTime(shown.redeemed, appData.partner?.timezone),
      }
    : null;

  return (
    <div>
      {/* Always in the page, so the success line is announced when it appears. */}
      <div role="status" ref={statusRef} tabIndex={-1} className="tp-redeem-status">
        {waiting && (
          <p className="tp-body2 tp-bold tp-redeem-line">
            <CloudOffIcon className="tp-redeem-icon tp-redeem-icon-waiting" />
            <span>{waitingText(checkIn, t)}</span>
          </p>
        )}
        {shown && !waiting && (
          <p className="tp-body2 tp-bold tp-redeem-line">
            <CheckCircleIcon className="tp-redeem-icon tp-success-text" />
            <span>
              {redeemedOn === null ? (
                checkIn ? (
                  t('checkedIn')
                ) : (
                  t('redeemed')
                )
              ) : checkIn ? (
                <Trans
                  t={t}
                  i18nKey="checkedInAt"
                  values={{ date: redeemedOn.date }}
                  components={{ time: redeemedOn.time }}
                />
              ) : (
                <Trans
                  t={t}
                  i18nKey="redeemedAt"
                  values={{ date: redeemedOn.date }}
                  components={{ time: redeemedOn.time }}
                />
              )}
            </span>
          </p>
        )}
        {shown && !waiting && shown.points > 0 && (
          <p className="tp-body2">{t('pointsEarned', { count: shown.points })}</p>
        )}
        {success && props.preview && <p className="tp-caption">{t('previewNothingSaved')}</p>}
      </div>
      {secondsLeft !== null && secondsLeft > 0 && (
        <div className="tp-redeem-countdown">
          <span className="tp-caption">{t('showToStaff')}</span>
          <TicketCountdown seconds={secondsLeft} name={product.name} />
        </div>
      )}
      {!waiting && active === null && answered.errors.length > 0 && (
        // A queued attempt the server refused: its messages, as the pad shows a live refusal's (spec 8).
        <Alert severity="error" className="tp-redeem-errors">
          {answered.errors.length === 1 ? (
            answered.errors[0]
          ) : (
            <ul>
              {answered.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {waiting ? null : target ? (
        <Button
          variant="contained"
          fullWidth
          // The visible label first, so voice control by what is seen still works.
          aria-label={nameInLabel ? namedLabel : undefined}
          onClick={() => open(target)}
          // Fetch the pad's chunks as soon as the button is reached for, so it opens at once.
          onPointerEnter={preloadPinPadIsland}
          onFocus={preloadPinPadIsland}
          className="tp-redeem-button"
          style={shown ? { marginTop: 8 } : undefined}
        >
          {label}
        </Button>
      ) : (
        explain && blocked && !shown && <p className="tp-body2">{blocked}</p>
      )}
      {padWanted && (
        <PinPadIsland
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
      )}
    </div>
  );
}
