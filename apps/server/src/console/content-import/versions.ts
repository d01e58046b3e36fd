import type {
  ContentApplied,
  ContentDryRun,
  ContentVersion,
  ContentVersionPage,
} from '@trailpass/contract/console';
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import { content_versions } from '../../db/schema';
import { notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import { applyContentImport } from './apply';
import { dryRunContentImport } from './service';

/**
 * The versions of an offer's content (decision 0048): each applied upload or restore keeps the export's zip
 * of the content right after it, and the offer's first apply the content as it was (`baseline`). A version
 * is put back by running the same dry run and apply on its zip, as if it were uploaded.
 */

type VersionRow = typeof content_versions.$inferSelect;

function toVersion(row: Omit<VersionRow, 'zip'> & { bytes: number }): ContentVersion {
  return {
    id: row.id,
    offerId: row.offer_id,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    kind: row.kind,
    checksum: row.checksum,
    counts: row.counts,
    bytes: Number(row.bytes),
    restoredFrom: row.restored_from,
  };
}

/** GET .../content/versions: newest first. */
export async function listContentVersions(
  db: AppDb,
  offerId: number,
  page: { page: number; perPage: number },
): Promise<ContentVersionPage> {
  const { zip: _zip, ...columns } = getTableColumns(content_versions);
  const [rows, [total]] = await readsTogether(db, [
    () =>
      db
        .select({ ...columns, bytes: sqlBytes() })
        .from(content_versions)
        .where(eq(content_versions.offer_id, offerId))
        .orderBy(desc(content_versions.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage),
    () => db.select({ n: count() }).from(content_versions).where(eq(content_versions.offer_id, offerId)),
  ]);
  return { items: rows.map(toVersion), total: Number(total?.n ?? 0) };
}

const sqlBytes = () => sql<number>`octet_length(${content_versions.zip})`.mapWith(Number);

/** One version's zip and row, or 404 (another offer's version is not found either). */
export async function findContentVersion(
  db: AppDb,
  offerId: number,
  versionId: number,
): Promise<{ version: ContentVersion; zip: Buffer }> {
  const [row] = await db
    .select()
    .from(content_versions)
    .where(and(eq(content_versions.id, versionId), eq(content_versions.offer_id, offerId)));
  if (!row) throw notFound('No such version of this offer’s content.');
  return { version: toVersion({ ...row, bytes: row.zip.byteLength }), zip: row.zip };
}

/** The version's file name: `offer-101-content-v12.zip`. */
export const versionFileName = (offerId: number, versionId: number) =>
  `offer-${offerId}-content-v${versionId}.zip`;

/** POST .../versions/:versionId/dry-run: the dry run of the version's zip, as if it were uploaded. */
export async function dryRunRestore(
  db: AppDb,
  mediaDir: string,
  write: WriteContext,
  versionId: number,
): Promise<ContentDryRun> {
  const { zip } = await findContentVersion(db, write.scope.offerId as number, versionId);
  return dryRunContentImport(db, mediaDir, write, { bytes: zip, kind: 'zip' });
}

/** POST .../versions/:versionId/restore?checksum=: the apply of the version's zip (kind `restore`). */
export async function restoreContentVersion(
  db: AppDb,
  mediaDir: string,
  write: WriteContext,
  versionId: number,
  checksum: string,
): Promise<ContentApplied> {
  const { zip } = await findContentVersion(db, write.scope.offerId as number, versionId);
  return applyContentImport(db, mediaDir, write, { bytes: zip, kind: 'zip' }, checksum, {
    kind: 'restore',
    restoredFrom: versionId,
  });
}
