import {
  CONTENT_EXPORT_DOCUMENT,
  CONTENT_EXPORT_MEDIA_DIR,
  CONTENT_IMPORT_LIMITS,
} from '@trailpass/contract/console';
import { Unzip, UnzipInflate } from 'fflate';
import { MEDIA_FILE } from '../../db/import/validate';
import { ConsoleApiError, invalid } from '../errors';

/**
 * An uploaded zip read into memory (decision 0047), safely: fflate's streaming Unzip is fed the zip 16 kB at a
 * time, so one step inflates to at most some 16 MB, and every entry's bytes are counted as they come: past
 * 64 MB in all, or past what an entry's header claims, the reading stops there. A zip bomb, even one whose
 * headers lie, costs the server at most one step beyond the cap. Paths with `..`, absolute paths,
 * backslashes and repeated names are refused too, though nothing is ever written under an entry's name.
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

const notAZip = () =>
  invalid('This file is not a zip that can be read. Upload the zip the export made, or pass.json alone.', {
    $: ['The file is not a readable zip.'],
  });

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

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

/** The zip is fed to the inflater this many bytes at a time: one push inflates to at most about 16 MB. */
const PUSH_BYTES = 16 * 1024;

export function readArchive(bytes: Uint8Array): UploadedArchive {
  const limits = CONTENT_IMPORT_LIMITS;
  const problems: Record<string, string[]> = {};
  const problem = (name: string, message: string) => {
    problems[name] = [...(problems[name] ?? []), message];
  };
  let files: Record<string, Uint8Array> = {};
  let entries = 0;
  let total = 0;
  /** The refusal that stops the reading (a limit passed, a damaged entry). */
  let stop: ConsoleApiError | null = null;
  const seen = new Set<string>();
  const unzip = new Unzip((file) => {
    entries++;
    if (entries > limits.entries) {
      stop ??= tooLarge(`The zip has more than ${limits.entries} entries; an offer’s content has far fewer.`);
      return;
    }
    const why = unsafeName(file.name);
    if (why) return problem(file.name || '(no name)', `The zip holds ${why}; it cannot be read.`);
    if (seen.has(file.name)) return problem(file.name, 'The zip holds this name twice; keep one.');
    seen.add(file.name);
    if (file.name.endsWith('/') || isClutter(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (stop) return;
      if (error) {
        stop = invalid(`${file.name} in the zip cannot be unpacked: ${error.message}.`, {
          [file.name]: ['This entry of the zip is damaged.'],
        });
        return;
      }
      size += data.byteLength;
      total += data.byteLength;
      if (total > limits.unzippedBytes) {
        stop = tooLarge(
          `The zip unpacks to more than ${MB(limits.unzippedBytes)}; upload at most that much content and media.`,
        );
      } else if (file.originalSize !== undefined && size > file.originalSize) {
        stop = invalid(`${file.name} in the zip unpacks to more than its header says; the zip is damaged.`, {
          [file.name]: ['This entry of the zip is damaged.'],
        });
      }
      if (stop) {
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) files[file.name] = concat(chunks, size);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.byteLength && !stop; at += PUSH_BYTES) {
      unzip.push(bytes.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= bytes.byteLength);
    }
  } catch (error) {
    if (error instanceof ConsoleApiError) throw error;
    stop ??= notAZip();
  }
  if (stop) throw stop;
  if (entries === 0) throw notAZip();
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
