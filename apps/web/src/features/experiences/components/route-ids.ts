/** A route's numeric id param (dealId, venueId, …), or null when absent or not a positive whole number. */
export function idParamOf(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}
