import { type Zippable, zipSync } from 'fflate';

/**
 * The export's zip: the document and its media files, each entry with the same fixed time, so that the same
 * content always gives the same bytes (decision 0046). fflate writes an entry's time from the local
 * calendar fields of the date it is given, so the date is made from local fields too: 1980-01-01 00:00,
 * the first time a zip can hold, whatever the server's time zone.
 */
export const ENTRY_TIME = (): Date => new Date(1980, 0, 1, 0, 0, 0);

/** A zip of `entries` (path inside the zip -> bytes), in the order given. */
export function zipEntries(entries: ReadonlyArray<readonly [string, Uint8Array]>): Uint8Array {
  const mtime = ENTRY_TIME();
  const files: Zippable = {};
  for (const [name, bytes] of entries) files[name] = [bytes, { mtime, level: 6 }];
  return zipSync(files, { mtime });
}
