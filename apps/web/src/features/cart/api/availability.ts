import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AvailableDate,
  type AvailableDatesResponse,
  type AvailableTime,
  type AvailableTimesResponse,
  apiPaths,
  type PickupPoint,
  type PickupPointsResponse,
} from '@trailpass/contract';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/**
 * Spec 7 Availability for a pickup reward (decision 0017): its pickup points, the dates still ahead at
 * each (fully booked ones included, `available` false) and one date's times, all wall-clock values in the
 * entry's time zone; and the call that stores the holder's choice for one of their order items. Every
 * call acts for the signed-in holder. A reward without an availability entry answers `timezone: null`
 * and no dates: it is claimed as before, without a slot.
 */

export const AVAILABILITY_ROOT = 'availability';

/** The reward's availability: null timezone means it has none (no slot to choose). */
export interface RewardAvailability {
  timezone: string | null;
  dates: AvailableDate[];
  pickupPoints: PickupPoint[];
}

function datesOf(response: AvailableDatesResponse, itemId: number) {
  return response.items.find((entry) => entry.item_id === itemId) ?? null;
}

/** The reward's dates and pickup points, asked for side by side. */
export async function fetchRewardAvailability(
  rewardItemId: number,
  signal?: AbortSignal,
): Promise<RewardAvailability> {
  const [dates, points] = await Promise.all([
    apiRequest<AvailableDatesResponse>(apiPaths.availableDates, {
      query: { itemType: 'reward_item', itemIds: rewardItemId },
      signal,
    }),
    apiRequest<PickupPointsResponse>(apiPaths.pickupPoints, {
      query: { productId: rewardItemId, itemType: 'reward_item' },
      signal,
    }),
  ]);
  const entry = datesOf(dates, rewardItemId);
  if (!entry || entry.timezone === null) return { timezone: null, dates: [], pickupPoints: [] };
  return { timezone: entry.timezone, dates: entry.dates, pickupPoints: points.pickup_points };
}

export function rewardAvailabilityQuery(rewardItemId: number, token: string | null = getToken()) {
  return queryOptions({
    queryKey: [AVAILABILITY_ROOT, token, 'reward_item', rewardItemId] as const,
    queryFn: ({ signal }) => fetchRewardAvailability(rewardItemId, signal),
    // Dates fill up and pass: read them again whenever a page asks.
    staleTime: 0,
    retry: false,
  });
}

/** The reward's availability (dates and pickup points), when `enabled`. */
export function useRewardAvailability(rewardItemId: number, enabled: boolean) {
  return useQuery({ ...rewardAvailabilityQuery(rewardItemId), enabled });
}

export interface TimesRef {
  rewardItemId: number;
  date: string;
  pickupPointId: number | null;
}

export async function fetchRewardTimes(ref: TimesRef, signal?: AbortSignal): Promise<AvailableTime[]> {
  const response = await apiRequest<AvailableTimesResponse>(apiPaths.availableTimes, {
    query: {
      itemType: 'reward_item',
      itemIds: ref.rewardItemId,
      date: ref.date,
      ...(ref.pickupPointId === null ? {} : { pickupPoint: ref.pickupPointId }),
    },
    signal,
  });
  const entry = response.items.find((item) => item.item_id === ref.rewardItemId);
  // Times at this pickup point only (the filter asks for them; a row without a point has null).
  return (entry?.times ?? []).filter((slot) => slot.pickup_point_id === ref.pickupPointId);
}

export function rewardTimesQuery(ref: TimesRef, token: string | null = getToken()) {
  return queryOptions({
    queryKey: [
      AVAILABILITY_ROOT,
      token,
      'reward_item',
      ref.rewardItemId,
      ref.date,
      ref.pickupPointId,
    ] as const,
    queryFn: ({ signal }) => fetchRewardTimes(ref, signal),
    staleTime: 0,
    retry: false,
  });
}

/** One date's times at one pickup point, once a date is chosen. */
export function useRewardTimes(ref: TimesRef | null) {
  return useQuery({
    ...rewardTimesQuery(ref ?? { rewardItemId: 0, date: '', pickupPointId: null }),
    enabled: ref !== null,
  });
}
