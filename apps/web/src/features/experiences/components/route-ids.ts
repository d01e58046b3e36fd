/** A route's numeric id param (dealId, venueId, …), or null when absent or not a positive whole number. */
export { idParamOf } from '@trailpass/contract';
