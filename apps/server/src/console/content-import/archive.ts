import {
  CONTENT_EXPORT_DOCUMENT,
  CONTENT_EXPORT_MEDIA_DIR,
  CONTENT_IMPORT_LIMITS,
} from '@trailpass/contract/console';
import { unzipSync } from 'fflate';
import { MEDIA_FILE } from '../../db/import/validate';
import { ConsoleApiError, invalid } from '../errors';

/**
 * An uploaded zip read into memory (decision 0047), safely: fflate's unzipSync asks `filter` about each entry
 * before it inflates it, with the sizes its headers claim, and inflates an entry into a buffer of exactly
 * its claimed size (an entry whose data inflates to more is cut there, never grown). So the claims are
 * summed and capped before any byte is inflated, and no entry can make the server hold more than the cap:
 * a zip bomb is refused by its own headers. Paths with `..`, absolute paths, backslashes and repeated names
 * are refused too, though nothing is ever written under an entry's name.
 */

export interface UploadedArchive {
  /** The entry the document came from (`pass.json`, or the one `*.json` at the root). */
  documentName: string;
  documentBytes: Uint8Array;
  /** `media/<file>` entries, by file name. */
  media: Map<string, Uint8Array>;
}

/** A 413 in the console's error shape: the upload is larger than the server takes. */
export const tooLarge = (message: string) => new ConsoleApiError(413, 'VALIDATION', message);

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Finder's and Explorer's extras: `__MACOSX/...` resource forks and hidden files (`.DS_Store`). */
function isClutter(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').some((part) => part.startsWith('.') && part !== '');
}

/** Why an entry's name is refused, or null. */
export function unsafeName(name: string): string | null {
  if (name === '') return 'an entry without a name';
  if (name.includes('\\')) return 'a path with a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'a path that climbs out of the zip (..)';
  if (name.includes('\0')) return 'a path with a NUL character';
  return null;
}

export function readArchive(bytes: Uint8Array): UploadedArchive {
  const limits = CONTENT_IMPORT_LIMITS;
  const problems: Record<string, string[]> = {};
  const problem = (name: string, message: string) => {
    problems[name] = [...(problems[name] ?? []), message];
  };
  let entries = 0;
  let claimed = 0;
  const seen = new Set<string>();
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        entries++;
        if (entries > limits.entries) {
          throw tooLarge(
            `The zip has more than ${limits.entries} entries; an offer’s content has far fewer.`,
          );
        }
        const why = unsafeName(file.name);
        if (why) {
          problem(file.name || '(no name)', `The zip holds ${why}; it cannot be read.`);
          return false;
        }
        if (seen.has(file.name)) {
          problem(file.name, 'The zip holds this name twice; keep one.');
          return false;
        }
        seen.add(file.name);
        if (file.name.endsWith('/') || isClutter(file.name)) return false;
        claimed += file.originalSize;
        if (claimed > limits.unzippedBytes) {
          throw tooLarge(
            `The zip unpacks to more than ${MB(limits.unzippedBytes)}; upload at most that much content and media.`,
          );
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ConsoleApiError) throw error;
    throw invalid(
      'This file is not a zip that can be read. Upload the zip the export made, or pass.json alone.',
      {
        $: ['The file is not a readable zip.'],
      },
    );
  }
  if (Object.keys(problems).length > 0) {
    throw invalid('The zip holds paths that are not allowed; nothing was read from it.', problems);
  }

  // A folder zipped whole (`Brew Trail/pass.json`, `Brew Trail/media/...`): read as if it were the root.
  let names = Object.keys(files);
  const tops = new Set(names.map((name) => (name.includes('/') ? name.split('/')[0] : '')));
  const [top] = tops;
  if (tops.size === 1 && top && !names.some((name) => name.startsWith(`${CONTENT_EXPORT_MEDIA_DIR}/`))) {
    const prefix = `${top}/`;
    files = Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name.slice(prefix.length), data]),
    );
    names = Object.keys(files);
  }

  const rootJson = names.filter((name) => !name.includes('/') && name.toLowerCase().endsWith('.json'));
  const documentName = rootJson.includes(CONTENT_EXPORT_DOCUMENT)
    ? CONTENT_EXPORT_DOCUMENT
    : rootJson.length === 1
      ? (rootJson[0] as string)
      : null;
  if (documentName === null) {
    throw invalid(
      rootJson.length === 0
        ? `The zip has no ${CONTENT_EXPORT_DOCUMENT} at its root: put the document there, next to the media folder.`
        : `The zip has ${rootJson.length} JSON files at its root (${rootJson.join(', ')}): name the document ${CONTENT_EXPORT_DOCUMENT}.`,
      { $: [`no ${CONTENT_EXPORT_DOCUMENT}`] },
    );
  }
  const documentBytes = files[documentName] as Uint8Array;
  if (documentBytes.byteLength > limits.documentBytes) {
    throw tooLarge(`${documentName} is larger than ${MB(limits.documentBytes)}.`);
  }
  const media = new Map<string, Uint8Array>();
  const stray: Record<string, string[]> = {};
  for (const name of names) {
    if (name === documentName) continue;
    const file = name.slice(CONTENT_EXPORT_MEDIA_DIR.length + 1);
    if (name.startsWith(`${CONTENT_EXPORT_MEDIA_DIR}/`) && MEDIA_FILE.test(`media/${file}`)) {
      media.set(file, files[name] as Uint8Array);
    } else {
      stray[name] = [
        `The zip may hold only ${documentName} and images under ${CONTENT_EXPORT_MEDIA_DIR}/ (lower-case letters, digits, ., _ and -); take this file out.`,
      ];
    }
  }
  if (Object.keys(stray).length > 0) {
    throw invalid('The zip holds files an upload does not take; nothing was read from it.', stray);
  }
  return { documentName, documentBytes, media };
}
