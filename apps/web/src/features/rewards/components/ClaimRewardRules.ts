import { type DeliveryMethod, isAvailable, pointsNeeded, type RewardItem } from '@trailpass/contract';

/** Spec 4: the delivery method is preselected when the item is only shipped or only picked up. */
export function defaultDeliveryMethod(
  item: Pick<RewardItem, 'shipped' | 'picked_up'>,
): DeliveryMethod | null {
  if (item.shipped && !item.picked_up) return 'shipped';
  if (item.picked_up && !item.shipped) return 'picked_up';
  return null;
}

export interface ClaimOption {
  id: number;
  name: string;
  points: number;
  /** Current points cover it. */
  affordable: boolean;
  /** Tickets are left (or the holder's own cart holds this option). */
  available: boolean;
  disabled: boolean;
}

/**
 * Spec 5: an option chip is disabled when current points are below its points needed (points_ratio times
 * retail_price) or no tickets are available for it. The option the holder's own cart already holds
 * counts as available: their hold is one of those the stock subtracts.
 */
export function claimOptions(
  item: Pick<RewardItem, 'attributes' | 'ticketsAvailable'>,
  pointsRatio: number | null,
  currentPoints: number,
  heldAttributeId: number | null | undefined,
): ClaimOption[] {
  return item.attributes.map((attribute) => {
    const points = pointsNeeded(pointsRatio, attribute.retail_price);
    const affordable = currentPoints >= points;
    const available = isAvailable(item.ticketsAvailable, attribute.id) || heldAttributeId === attribute.id;
    return {
      id: attribute.id,
      name: attribute.name,
      points,
      affordable,
      available,
      disabled: !affordable || !available,
    };
  });
}

export interface ClaimSubmitInput {
  hasOptions: boolean;
  attributeId: number | null;
  deliveryMethod: DeliveryMethod | null;
  submitting: boolean;
  /** A pickup of a reward with availability (or whose availability has not loaded) needs a slot. */
  slotRequired?: boolean;
  /** The pickup slot is whole (point, date and time). */
  slotChosen?: boolean;
}

/**
 * Spec 5: submit is disabled when options exist and none is chosen, when no delivery method is chosen,
 * or while submitting; spec 7 Availability: a pickup that needs a slot waits until one is chosen.
 */
export function isClaimSubmitDisabled(input: ClaimSubmitInput): boolean {
  return (
    (input.hasOptions && input.attributeId === null) ||
    input.deliveryMethod === null ||
    input.submitting ||
    (input.deliveryMethod === 'picked_up' && input.slotRequired === true && input.slotChosen !== true)
  );
}
