/**
 * The console's answers carry times as ISO 8601 UTC strings (the contract's isoDateTime). Rows come from
 * Drizzle as Dates and from raw SQL as strings, so both are taken.
 */
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
