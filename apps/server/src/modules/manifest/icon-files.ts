import { stat } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_ICON_SIZES, generatedIconUrl } from '@trailpass/contract';
import { MEDIA_URL_PREFIX } from '../../db/paths';

/** A file name the importer may have written into the media folder (no folder, no dot file). */
const MEDIA_FILE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The PNG icons made at import from these icon URLs (decision 0020) whose files are in the media folder.
 * A pass imported before the icons were made, or whose SVG was missing, has none, and the manifest then
 * lists the SVG alone rather than a PNG that answers 404.
 */
export async function existingGeneratedIcons(
  mediaDir: string,
  iconUrls: readonly string[],
): Promise<Set<string>> {
  const candidates = iconUrls.flatMap((url) =>
    GENERATED_ICON_SIZES.flatMap((size) => generatedIconUrl(url, size) ?? []),
  );
  const found = await Promise.all(
    candidates.map(async (url) => {
      const name = url.slice(MEDIA_URL_PREFIX.length);
      return MEDIA_FILE_NAME.test(name) && (await isFile(path.join(mediaDir, name))) ? url : null;
    }),
  );
  return new Set(found.filter((url) => url !== null));
}
