import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { AvailableDate, PickupPoint } from '@trailpass/contract';
import { type ReactNode, useId, useState } from 'react';
import { RetryAlert } from '../../../components/ui';
import { type TFunction, Trans, translate, useTranslation } from '../../../i18n';
import { formatWallClock, SLOT_DATE_FORMAT, SLOT_TIME_FORMAT } from '../../../lib/dates';
import { useRewardAvailability, useRewardTimes } from '../api/availability';
import type { PickupSlot } from '../cart-store';

/**
 * Choosing a pickup slot for a pickup reward with availability (spec 7 Availability): a pickup point when
 * there is more than one, a date (fully booked ones shown, disabled), then a time of that date, all in
 * the entry's time zone. `usePickupSlot` holds the choice and loads what it needs with react-query;
 * `PickupSlotPicker` shows it. A reward without availability needs no slot (`required` false).
 */

export interface SlotDraft {
  pickupPointId: number | null;
  date: string | null;
  time: string | null;
}

const EMPTY_DRAFT: SlotDraft = { pickupPointId: null, date: null, time: null };

/** What is still to choose before the slot is whole. */
export type SlotMissing = 'loading' | 'error' | 'no-dates' | 'point' | 'date' | 'time' | null;

/** What the holder is told is still to choose, in the chosen language (none while loading or without dates). */
export function slotHint(missing: Exclude<SlotMissing, null>): string | null {
  switch (missing) {
    case 'loading':
    case 'no-dates':
      return null;
    case 'error':
      return translate('cart:slotHintError');
    case 'point':
      return translate('cart:slotHintPoint');
    case 'date':
      return translate('cart:slotHintDate');
    case 'time':
      return translate('cart:slotHintTime');
  }
}

export function usePickupSlot(rewardItemId: number, enabled: boolean, initial: PickupSlot | null) {
  const availability = useRewardAvailability(rewardItemId, enabled);
  const [draft, setDraft] = useState<SlotDraft>(() =>
    initial ? { pickupPointId: initial.pickupPointId, date: initial.date, time: initial.time } : EMPTY_DRAFT,
  );
  const data = availability.data;
  const timezone = data?.timezone ?? null;
  const points = data?.pickupPoints ?? [];
  const allDates = data?.dates ?? [];

  // One pickup point (or none) is no choice; with more, the holder's must still be one of them.
  const point =
    points.length === 1 ? points[0] : points.find((candidate) => candidate.id === draft.pickupPointId);
  const pointId = point?.id ?? null;
  const pointChosen = points.length <= 1 || point !== undefined;
  const dates = pointChosen ? allDates.filter((offer) => offer.pickup_point_id === pointId) : [];
  const date = dates.some((offer) => offer.available && offer.date === draft.date) ? draft.date : null;
  const times = useRewardTimes(
    enabled && timezone !== null && date !== null ? { rewardItemId, date, pickupPointId: pointId } : null,
  );
  const time = times.data?.some((offer) => offer.time === draft.time) ? draft.time : null;

  const required = enabled && (availability.isPending || availability.isError || timezone !== null);
  const slot: PickupSlot | null =
    required && timezone !== null && date !== null && time !== null
      ? {
          date,
          time,
          timezone,
          pickupPointId: pointId,
          pickupPointName: point?.name ?? null,
          venueName: point?.venue_name ?? null,
          address: point?.address ?? null,
        }
      : null;

  let missing: SlotMissing = null;
  if (!required || slot) missing = null;
  else if (availability.isPending) missing = 'loading';
  else if (availability.isError) missing = 'error';
  else if (!allDates.some((offer) => offer.available)) missing = 'no-dates';
  else if (!pointChosen) missing = 'point';
  else if (date === null) missing = 'date';
  else missing = 'time';

  return {
    availability,
    timezone,
    points,
    pointId,
    pointChosen,
    allDates,
    dates,
    date,
    times,
    time,
    /** A slot must be chosen before submitting (the reward has availability, or it has not loaded yet). */
    required,
    /** The whole slot, once chosen. */
    slot,
    missing,
    choosePoint: (pickupPointId: number) => setDraft({ pickupPointId, date: null, time: null }),
    chooseDate: (next: string) => setDraft((current) => ({ ...current, date: next, time: null })),
    chooseTime: (next: string) => setDraft((current) => ({ ...current, time: next })),
  };
}

export type PickupSlotChoice = ReturnType<typeof usePickupSlot>;

function Loading({ children }: { children: ReactNode }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
      <CircularProgress size={18} aria-hidden="true" />
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

const chipProps = (selected: boolean) =>
  ({
    component: 'button',
    type: 'button',
    'aria-pressed': selected,
    color: selected ? 'primary' : 'default',
    variant: selected ? 'filled' : 'outlined',
  }) as const;

const venueLine = (point: PickupPoint) => [point.venue_name, point.address].filter(Boolean).join(', ');

/** A pickup point's name, its venue when the points are at different venues, and whether dates are left. */
function pointLabel(point: PickupPoint, hasDates: boolean, showVenue: boolean, t: TFunction<'cart'>) {
  const where = showVenue ? venueLine(point) : '';
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {point.name}
      </Typography>
      {where && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {where}
        </Typography>
      )}
      {!hasDates && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('noDatesLeftHere')}
        </Typography>
      )}
    </Box>
  );
}

function dateLabel(offer: AvailableDate, timezone: string, t: TFunction<'cart'>): string {
  const day = formatWallClock(offer.date, '12:00', timezone, SLOT_DATE_FORMAT) || offer.date;
  return offer.available ? day : t('dateFullyBooked', { day });
}

/** The pickup point, date and time choices of a pickup reward with availability. */
export function PickupSlotPicker({ choice }: { choice: PickupSlotChoice }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  const pointsId = useId();
  const datesId = useId();
  const timesId = useId();
  const zoneId = useId();
  const { availability, timezone, points, dates, allDates } = choice;

  if (!choice.required) return null;

  // Most rewards have no availability: no heading until it is known that this one has.
  if (availability.isPending) return <Loading>{t('loadingPickupTimes')}</Loading>;
  let body: ReactNode;
  if (availability.isError) {
    body = (
      <RetryAlert onRetry={() => void availability.refetch()} retrying={availability.isFetching}>
        {t('pickupTimesFailed')}
      </RetryAlert>
    );
  } else if (timezone === null) {
    return null;
  } else if (!allDates.some((offer) => offer.available)) {
    body = <Alert severity="info">{t('noDatesLeft')}</Alert>;
  } else {
    const zone = formatWallClock(allDates[0]?.date ?? '', '12:00', timezone, 'z');
    // Points at one venue: the venue is said once, above them.
    const oneVenue = points.every((point) => point.venue_id === points[0]?.venue_id);
    const bookable = (pointId: number) =>
      allDates.some((offer) => offer.pickup_point_id === pointId && offer.available);
    body = (
      <>
        <Typography id={zoneId} variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {zone ? t('venueLocalTimeZone', { zone }) : t('venueLocalTime')}
        </Typography>

        {points.length > 1 ? (
          <FormControl component="fieldset" sx={{ mb: 1.5, display: 'block' }}>
            <FormLabel
              component="legend"
              id={pointsId}
              sx={{ typography: 'subtitle2', fontWeight: 600, color: 'text.primary', mb: 0.5 }}
            >
              {t('pickupPoint')}
            </FormLabel>
            {oneVenue && points[0] && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('atVenue', { venue: venueLine(points[0]) })}
              </Typography>
            )}
            <RadioGroup
              aria-labelledby={pointsId}
              value={choice.pointId === null ? '' : String(choice.pointId)}
              onChange={(event) => choice.choosePoint(Number(event.target.value))}
            >
              {points.map((point) => (
                <FormControlLabel
                  key={point.id}
                  value={String(point.id)}
                  control={<Radio />}
                  label={pointLabel(point, bookable(point.id), !oneVenue, t)}
                  disabled={!bookable(point.id)}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.75 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : (
          points[0] && (
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {points[0].venue_name ? (
                <Trans
                  t={t}
                  i18nKey="pickupPointAtVenue"
                  values={{ point: points[0].name, venue: points[0].venue_name }}
                  components={{ strong: <strong /> }}
                />
              ) : (
                <Trans
                  t={t}
                  i18nKey="pickupPointNamed"
                  values={{ point: points[0].name }}
                  components={{ strong: <strong /> }}
                />
              )}
            </Typography>
          )
        )}

        {choice.pointChosen && (
          <Box sx={{ mb: 1.5 }}>
            <Typography id={datesId} component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('date')}
            </Typography>
            {dates.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('noDatesHereChooseAnother')}
              </Typography>
            ) : (
              <Box
                role="group"
                aria-labelledby={datesId}
                aria-describedby={zoneId}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
              >
                {dates.map((offer) => (
                  <Chip
                    key={offer.date}
                    {...chipProps(offer.date === choice.date)}
                    label={dateLabel(offer, timezone, t)}
                    disabled={!offer.available}
                    onClick={() => choice.chooseDate(offer.date)}
                  />
                ))}
              </Box>
            )}
            {dates.length > 0 && !dates.some((offer) => offer.available) && (
              <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                {t('allDatesBookedChooseAnother')}
              </Typography>
            )}
          </Box>
        )}

        {choice.date !== null && (
          <Box>
            <Typography id={timesId} component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 1 }}>
              {t('time')}
            </Typography>
            <TimeChoices choice={choice} labelledBy={timesId} zoneId={zoneId} />
          </Box>
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('pickupTime')}
      </Typography>
      {body}
    </Box>
  );
}

function TimeChoices({
  choice,
  labelledBy,
  zoneId,
}: {
  choice: PickupSlotChoice;
  labelledBy: string;
  zoneId: string;
}) {
  const { t } = useTranslation('cart');
  const { times, date, timezone } = choice;
  if (date === null || timezone === null) return null;
  if (times.isPending) return <Loading>{t('loadingTimes')}</Loading>;
  if (times.isError) {
    return (
      <RetryAlert onRetry={() => void times.refetch()} retrying={times.isFetching}>
        {t('timesFailed')}
      </RetryAlert>
    );
  }
  if (times.data.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('noTimesLeft')}
      </Typography>
    );
  }
  return (
    <Box
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={zoneId}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {times.data.map((offer) => (
        <Chip
          key={offer.time}
          {...chipProps(offer.time === choice.time)}
          label={formatWallClock(date, offer.time, timezone, SLOT_TIME_FORMAT) || offer.time}
          onClick={() => choice.chooseTime(offer.time)}
        />
      ))}
    </Box>
  );
}
