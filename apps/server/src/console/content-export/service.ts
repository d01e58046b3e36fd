import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTENT_EXPORT_DOCUMENT,
  CONTENT_EXPORT_MEDIA_DIR,
  contentExportFileName,
} from '@trailpass/contract/console';
import type { AppDb } from '../../db/client';
import type { PassDocument } from '../../db/import/document';
import { formatIssue } from '../../db/import/issues';
import { checkPassDocument } from '../../db/import/validate';
import { MEDIA_URL_PREFIX } from '../../db/paths';
import { auditBase, writeAudit } from '../audit/repository';
import { conflict, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import { zipEntries } from './archive';
import { buildExportDocument } from './document';
import { readExportRows } from './repository';

/** Issue 31 item 2, first half: an offer's content as an import file with its media (decision 0046). */

export interface ContentExport {
  fileName: string;
  zip: Uint8Array;
  document: PassDocument;
  /** The media files in the zip, and those the document names that the server does not have. */
  media: { included: string[]; missing: string[] };
}

/** The document as the zip holds it: 2-space JSON with a final newline, as a person would save it. */
export function documentText(document: PassDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The files of `names` in `mediaDir`; a missing one is left out and reported (the import allows that too). */
async function readMedia(mediaDir: string, names: readonly string[]) {
  const found: Array<[string, Uint8Array]> = [];
  const missing: string[] = [];
  for (const name of names) {
    try {
      found.push([name, await readFile(path.join(mediaDir, name))]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(name);
    }
  }
  return { found, missing };
}

/**
 * GET .../content/export: the offer's content read in one snapshot (repeatable read), turned into the
 * document, checked with the importer's own validator (an export that would not import is refused rather
 * than handed out), zipped with its media, and the audit row written in the same transaction.
 */
export async function exportOfferContent(
  db: AppDb,
  mediaDir: string,
  write: WriteContext,
): Promise<ContentExport> {
  const offerId = write.scope.offerId as number;
  return db.transaction(
    async (tx) => {
      const rows = await readExportRows(tx, offerId);
      if (!rows) throw notFound();
      const { document, mediaFiles } = buildExportDocument(rows, { mediaUrlPrefix: MEDIA_URL_PREFIX });
      // Media files are looked for in baseDir/media; only their absence (a warning) depends on it.
      const { errors } = checkPassDocument(document, { baseDir: path.dirname(mediaDir) });
      if (errors.length > 0) {
        // Content that names what is outside the offer (another offer's deal in a module, say): an import
        // file of it would be refused, so none is made.
        throw conflict(
          `This offer’s content cannot be exported as an import file: ${errors
            .slice(0, 3)
            .map(formatIssue)
            .join('; ')}${errors.length > 3 ? ` (and ${errors.length - 3} more)` : ''}.`,
        );
      }
      const media = await readMedia(mediaDir, mediaFiles);
      const zip = zipEntries([
        [CONTENT_EXPORT_DOCUMENT, new TextEncoder().encode(documentText(document))],
        ...media.found.map(
          ([name, bytes]) => [`${CONTENT_EXPORT_MEDIA_DIR}/${name}`, bytes] as [string, Uint8Array],
        ),
      ]);
      await writeAudit(tx, {
        ...auditBase(write),
        action: 'content.export',
        objectType: 'offer',
        objectId: offerId,
        before: null,
        // The digest names exactly what was handed out: an upload can later be compared with it.
        after: {
          sha256: createHash('sha256').update(zip).digest('hex'),
          bytes: zip.byteLength,
          mediaFiles: media.found.length,
          missingMedia: media.missing.map((name) => `${CONTENT_EXPORT_MEDIA_DIR}/${name}`),
        },
      });
      return {
        fileName: contentExportFileName(offerId),
        zip,
        document,
        media: { included: media.found.map(([name]) => name), missing: media.missing },
      };
    },
    { isolationLevel: 'repeatable read' },
  );
}
