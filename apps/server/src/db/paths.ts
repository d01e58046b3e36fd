import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is apps/server/src/db/paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Default DATA_DIR: `<repo root>/.data` (embedded database and imported media). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

/** Where the importer copies `media/<file>` images; the server serves this folder under /pass/media/. */
export function mediaDirFor(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** URL prefix under which the files of `mediaDirFor(dataDir)` are served. */
export const MEDIA_URL_PREFIX = '/pass/media/';
