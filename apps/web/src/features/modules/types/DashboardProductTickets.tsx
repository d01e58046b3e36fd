import type { Product } from '@trailpass/contract';
import CheckCircleIcon from '~icons/ic/baseline-check-circle';
import { Trans, useTranslation } from '../../../i18n';
import { formatPartnerDateTime } from '../../../lib/dates';
import { isLoggedIn } from '../../app-data';
import { RedeemAction } from '../../redeem/components/RedeemAction';
import { canRedeemOrderProduct, useOfferedOnce } from '../../redeem/offered';
import { CardList } from '../components/CardList';
import { TicketCountdown } from '../components/TicketCountdown';
import { TitledSection } from '../components/TitledSection';
import { type ActiveTicket, activeTickets, useDataLoadedAt, useSecondClock } from '../components/tickets';
import { useModuleContext } from '../context';
import { type ModuleProps, moduleLabel } from '../types';

function TicketCard({
  ticket,
  secondsLeft,
  timezone,
}: {
  ticket: ActiveTicket;
  secondsLeft: number;
  timezone: string | null | undefined;
}) {
  const { t } = useTranslation('modules');
  const { appData } = useModuleContext();
  const name = ticket.product?.name ?? t('ticket');
  const checkIn = ticket.timer === 0;
  // A repeating product whose time has come again (or one with uses left) can be redeemed from here.
  const withAction = useOfferedOnce(canRedeemOrderProduct(appData, ticket.orderProduct.id));
  return (
    <div className="tp-outlined tp-mod-ticket">
      <div className="tp-mod-ticket-top">
        <div className="tp-grow">
          <h3 className="tp-subtitle1 tp-bold tp-mod-title">{name}</h3>
          {ticket.product?.venueName && <p className="tp-body2 tp-secondary">{ticket.product.venueName}</p>}
          {checkIn && (
            <p className="tp-body2 tp-mod-checked-in">
              <CheckCircleIcon className="tp-success-text" />
              <span>
                {ticket.orderProduct.redeemed ? (
                  <Trans
                    t={t}
                    i18nKey="checkedInAt"
                    values={{ time: formatPartnerDateTime(ticket.orderProduct.redeemed, timezone) }}
                    components={{ time: <time dateTime={ticket.orderProduct.redeemed} /> }}
                  />
                ) : (
                  t('checkedIn')
                )}
              </span>
            </p>
          )}
        </div>
        {!checkIn && (
          <div className="tp-mod-ticket-timer">
            <p className="tp-caption tp-secondary">{t('hidesIn')}</p>
            <TicketCountdown seconds={secondsLeft} name={name} />
          </div>
        )}
      </div>
      {withAction && ticket.product && (
        <div className="tp-mod-ticket-action">
          <RedeemAction
            appData={appData}
            product={ticket.product}
            orderProductId={ticket.orderProduct.id}
            nameInLabel
          />
        </div>
      )}
    </div>
  );
}

/**
 * Spec 2.4 DashboardProductTickets (spec 4 ticket timer): the user's live tickets. A check-in (timer 0)
 * shows when it was checked in; a positive timer counts down from when /data was loaded and the ticket
 * goes when it reaches 0. One clock drives every countdown of the module and stops with the last one.
 * A ticket whose order product can be redeemed again offers Redeem (or Check In) on its card.
 */
export default function DashboardProductTickets({ module }: ModuleProps) {
  const { t } = useTranslation('modules');
  const { appData, index } = useModuleContext();
  const loadedAt = useDataLoadedAt(appData);
  const products = new Map<number, Product>(appData.products.map((product) => [product.id, product]));
  const tickets = activeTickets(
    appData.order_products,
    (id) => products.get(id) ?? index.products.get(id) ?? null,
  );
  // The last countdown ends at loadedAt + its timer; the clock runs until then.
  const longest = Math.max(0, ...tickets.map((ticket) => ticket.timer));
  const now = useSecondClock(longest > 0 ? loadedAt + longest * 1000 : null);
  const elapsed = Math.max(0, Math.floor((now - loadedAt) / 1000));
  const shown = tickets.filter((ticket) => ticket.timer === 0 || ticket.timer - elapsed > 0);

  if (shown.length === 0 && !isLoggedIn(appData)) return null;
  const title = moduleLabel(module);
  return (
    <TitledSection title={title}>
      {(headingId) =>
        shown.length === 0 ? (
          <p className="tp-body2 tp-secondary">{t('noTickets')}</p>
        ) : (
          <CardList
            items={shown}
            itemKey={(ticket) => ticket.orderProduct.id}
            labelledBy={headingId}
            label={module.name}
            renderItem={(ticket) => (
              <TicketCard
                ticket={ticket}
                secondsLeft={ticket.timer - elapsed}
                timezone={appData.partner?.timezone}
              />
            )}
          />
        )
      }
    </TitledSection>
  );
}
