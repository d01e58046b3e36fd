import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTENT_EXPORT_DOCUMENT,
  CONTENT_EXPORT_MEDIA_DIR,
  type ContentApplied,
  type ContentDryRun,
  type ContentVersionCounts,
  type ContentVersionKind,
} from '@trailpass/contract/console';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AppDb, type DbExecutor, queryRows } from '../../db/client';
import { buildRows, type ImportRows } from '../../db/import/rows';
import { MEDIA_URL_PREFIX } from '../../db/paths';
import { content_versions } from '../../db/schema';
import { TABLES, type TableName } from '../../db/tables';
import { lockStockForClaim } from '../../modules/cart/stock';
import { auditBase, writeAudit } from '../audit/repository';
import { setRewardStock, touchOffer } from '../content/repository';
import { zipEntries } from '../content-export/archive';
import { buildExportDocument } from '../content-export/document';
import type { ExportRows } from '../content-export/repository';
import { readExportRows } from '../content-export/repository';
import { documentText } from '../content-export/service';
import { conflict, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import { sameJson } from './diff';
import { StagedMedia } from './media';
import { type CheckedUpload, type ContentUpload, checksumOf, checkUpload, readUpload } from './service';

/**
 * Issue 31, the apply of a content upload (decision 0048). The bytes must be those the dry run checked (their
 * checksum), then in ONE transaction: the claim locks of the offer's rewards and the offer's row lock, every
 * check of the dry run again (content and holders' data may have moved since), the writes (upserts of what is
 * new or different, deletes of what the upload leaves out, children first), the rewards' stock, the id
 * sequences, the offer's content stamp, the media files (last, see media.ts), the version and the audit row.
 * Holders' rows are never written: nothing here names their tables.
 */

/** The content tables an apply writes, in TABLES order (a table after those it references). */
const CONTENT_TABLES = [
  'partners',
  'categories',
  'venues',
  'offers',
  'faqs',
  'deals',
  'products',
  'packages',
  'reward_items',
  'attributes',
  'perks',
  'media',
  'modules',
  'assignments',
  'message_lists',
  'availability',
  'pickup_points',
  'availability_dates',
  'polls',
  'poll_options',
] as const satisfies readonly TableName[];
type ContentTable = (typeof CONTENT_TABLES)[number];

/** The content as it is, per table, from the export's rows. */
function currentRowsOf(
  rows: ExportRows,
): Record<ContentTable, Array<{ id: number } & Record<string, unknown>>> {
  const list = <T>(items: T[]) => items as unknown as Array<{ id: number } & Record<string, unknown>>;
  return {
    partners: list([rows.partner]),
    categories: list(rows.categories),
    venues: list(rows.venues),
    offers: list([rows.offer]),
    faqs: list(rows.faqs),
    deals: list(rows.deals),
    products: list(rows.products),
    packages: list(rows.packages),
    reward_items: list(rows.rewardItems),
    attributes: list(rows.attributes),
    perks: list(rows.perks),
    media: list(rows.media),
    modules: list(rows.modules),
    assignments: list(rows.assignments),
    message_lists: list(rows.messageLists),
    availability: list(rows.availability),
    pickup_points: list(rows.pickupPoints),
    availability_dates: list(rows.availabilityDates),
    polls: list(rows.polls),
    poll_options: list(rows.pollOptions),
  };
}

/** Test seam: a failure forced after the rows and the media files are written, before the commit. */
export const applyTestHooks: { afterWrites?: (tx: DbExecutor) => Promise<void> } = {};

export interface ApplyOptions {
  kind: Exclude<ContentVersionKind, 'baseline'>;
  /** A restore's version. */
  restoredFrom?: number;
}

/** The counts a version and the audit row keep of a diff. */
export function countsOf(result: ContentDryRun): ContentVersionCounts {
  const sum = (pick: (k: ContentDryRun['kinds'][number]) => unknown[]) =>
    result.kinds.reduce((n, k) => n + pick(k).length, 0);
  return {
    added: sum((k) => k.added),
    changed: sum((k) => k.changed),
    removed: sum((k) => k.removed),
    mediaAdded: result.media.added.length,
    mediaReplaced: result.media.replaced.length,
  };
}

/** The reward ids a document names, for the claim locks taken before anything is read. */
function uploadedRewardIds(doc: unknown): number[] {
  const list = (doc as { rewardItems?: unknown } | null)?.rewardItems;
  if (!Array.isArray(list)) return [];
  return list.map((r) => (r as { id?: unknown })?.id).filter((id): id is number => Number.isInteger(id));
}

/**
 * The offer's locks, in the order the quick edits take them (0044): the claim lock of every reward the offer
 * has or the upload names, in id order (no claim or completion of them runs meanwhile), the rows of its
 * rewards, deals and venues, then the offer's row (a second apply of the offer waits here, then finds the
 * content as the first left it).
 */
async function lockOffer(tx: DbExecutor, offerId: number, named: readonly number[]): Promise<void> {
  const locked = new Set<number>();
  const lockRewards = async () => {
    const own = await queryRows<{ id: number }>(
      tx,
      sql`select id from reward_items where offer_id = ${offerId}`,
    );
    const ids = [...new Set([...own.map((r) => Number(r.id)), ...named])].filter((id) => !locked.has(id));
    for (const id of ids.sort((a, b) => a - b)) {
      await lockStockForClaim(tx, id);
      locked.add(id);
    }
    return ids.length;
  };
  await lockRewards();
  // The rows the quick edits lock before they touch the offer's row (0044: a reward, a deal, a venue), in
  // the same order, so that an apply and a quick edit wait for each other instead of deadlocking.
  await tx.execute(sql`select id from reward_items where offer_id = ${offerId} order by id for update`);
  await tx.execute(sql`select id from deals where offer_id = ${offerId} order by id for update`);
  await tx.execute(
    sql`select id from venues where id in (
        select unnest(d.venue_ids) from deals d where d.offer_id = ${offerId}
        union select p.venue_id from products p where p.offer_id = ${offerId}
        union select r.venue_id from reward_items r where r.offer_id = ${offerId}
      ) order by id for update`,
  );
  const [offer] = await queryRows<{ id: number }>(
    tx,
    sql`select id from offers where id = ${offerId} for update`,
  );
  if (!offer) throw notFound();
  // A reward another apply added while this one waited for the row.
  await lockRewards();
}

/** The zip of the offer's content as the export makes it (decision 0046), read through `tx`. */
export async function contentZip(tx: DbExecutor, mediaDir: string, offerId: number): Promise<Buffer> {
  const rows = await readExportRows(tx, offerId);
  if (!rows) throw notFound();
  const { document, mediaFiles } = buildExportDocument(rows, { mediaUrlPrefix: MEDIA_URL_PREFIX });
  const media: Array<[string, Uint8Array]> = [];
  for (const name of mediaFiles) {
    try {
      media.push([`${CONTENT_EXPORT_MEDIA_DIR}/${name}`, await readFile(path.join(mediaDir, name))]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return Buffer.from(
    zipEntries([[CONTENT_EXPORT_DOCUMENT, new TextEncoder().encode(documentText(document))], ...media]),
  );
}

export async function insertVersion(
  tx: DbExecutor,
  values: {
    offerId: number;
    at: Date;
    by: string;
    kind: ContentVersionKind;
    checksum: string;
    counts: ContentVersionCounts;
    restoredFrom?: number | null;
    zip: Buffer;
  },
): Promise<number> {
  const [row] = await tx
    .insert(content_versions)
    .values({
      offer_id: values.offerId,
      created_at: values.at,
      created_by: values.by,
      kind: values.kind,
      checksum: values.checksum,
      counts: values.counts,
      restored_from: values.restoredFrom ?? null,
      zip: values.zip,
    })
    .returning({ id: content_versions.id });
  if (!row) throw new Error('no version row');
  return row.id;
}

/**
 * POST .../content/imports (and a version's restore): the apply. 409 when `checksum` is not the bytes',
 * 422 as the dry run for any problem found in the apply's own transaction; an upload that changes nothing
 * writes nothing (no version, no audit row, the content stamp stays).
 */
export async function applyContentImport(
  db: AppDb,
  mediaDir: string,
  write: WriteContext,
  upload: ContentUpload,
  checksum: string,
  options: ApplyOptions,
): Promise<ContentApplied> {
  const offerId = write.scope.offerId as number;
  const read = readUpload(upload);
  if (read.checksum !== checksum) {
    throw conflict(
      'This is not the upload the dry run checked (its checksum differs): run the dry run on it again, then apply.',
    );
  }
  const staged = new StagedMedia(mediaDir);
  try {
    const applied = await db.transaction(async (tx) => {
      await lockOffer(tx, offerId, uploadedRewardIds(read.doc));
      const checked = await checkUpload((reads) => reads(tx), mediaDir, write, read);
      if (checked.result.unchanged) return { ...checked.result, versionId: null };

      const counts = countsOf(checked.result);
      const [first] = await queryRows<{ id: number }>(
        tx,
        sql`select id from content_versions where offer_id = ${offerId} limit 1`,
      );
      if (!first) {
        // The offer's first apply keeps the content as it was, so that it can be restored.
        const before = await contentZip(tx, mediaDir, offerId);
        await insertVersion(tx, {
          offerId,
          at: write.now,
          by: write.staff.email,
          kind: 'baseline',
          checksum: checksumOf(before),
          counts: { added: 0, changed: 0, removed: 0, mediaAdded: 0, mediaReplaced: 0 },
          zip: before,
        });
      }

      await writeContent(tx, checked, write.now);
      await touchOffer(tx, offerId);

      // Last: the files (a failure from here on still rolls the rows back, and rollback() the files).
      const { added, replaced } = checked.result.media;
      for (const name of [...added, ...replaced]) {
        const file = name.slice(`${CONTENT_EXPORT_MEDIA_DIR}/`.length);
        const bytes = checked.media.get(file);
        if (bytes) await staged.put(file, bytes);
      }
      for (const icon of checked.icons) {
        if (!(await staged.holds(icon.file, icon.png))) await staged.put(icon.file, icon.png);
      }

      await applyTestHooks.afterWrites?.(tx);
      const after = await contentZip(tx, mediaDir, offerId);
      const versionId = await insertVersion(tx, {
        offerId,
        at: write.now,
        by: write.staff.email,
        kind: options.kind,
        checksum,
        counts,
        restoredFrom: options.restoredFrom ?? null,
        zip: after,
      });
      await writeAudit(tx, {
        ...auditBase(write),
        action: options.kind === 'restore' ? 'content.restore' : 'content.import',
        objectType: 'offer',
        objectId: offerId,
        before: null,
        after: {
          checksum,
          versionId,
          ...(options.restoredFrom ? { restoredFrom: options.restoredFrom } : {}),
          counts,
          media: staged.files,
        },
      });
      return { ...checked.result, versionId };
    });
    await staged.commit();
    return applied;
  } catch (error) {
    await staged.rollback();
    throw error;
  }
}

type Row = { id?: number } & Record<string, unknown>;

/** The columns (SQL names) of a table by their key in the rows. */
function columnsOf(table: PgTable): Record<string, string> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name]),
  );
}

/**
 * Inserts the rows new to the table and updates those that differ (`is distinct from` on every column the
 * upload writes, so equal rows are not written at all); `keep` columns are written only on insert. Returns
 * the ids inserted or updated.
 */
async function upsert(
  tx: DbExecutor,
  name: ContentTable,
  rows: readonly Row[],
  keep: readonly string[] = [],
) {
  if (rows.length === 0) return [];
  const table = TABLES[name] as PgTable & { id: unknown };
  const columns = columnsOf(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => key !== 'id' && !keep.includes(key),
  );
  const quoted = (column: string) => `"${column.replaceAll('"', '""')}"`;
  const own = keys.map((key) => `${quoted(name)}.${quoted(columns[key] ?? key)}`).join(', ');
  const theirs = keys.map((key) => `excluded.${quoted(columns[key] ?? key)}`).join(', ');
  const set = Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded.${quoted(columns[key] ?? key)}`)]),
  );
  const written: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const query =
      keys.length === 0
        ? tx
            .insert(table)
            .values(chunk as never)
            .onConflictDoNothing()
        : tx
            .insert(table)
            .values(chunk as never)
            .onConflictDoUpdate({
              target: (table as unknown as { id: never }).id,
              set: set as never,
              setWhere: sql.raw(`(${own}) is distinct from (${theirs})`),
            });
    const out = (await query.returning()) as Array<{ id: number }>;
    written.push(...out.map((row) => Number(row.id)));
  }
  return written;
}

async function deleteIds(tx: DbExecutor, name: ContentTable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`delete from ${sql.identifier(name)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** Of `venueIds`, those nothing names any more (no offer's content, no page), which may go. */
async function unusedVenues(tx: DbExecutor, venueIds: readonly number[]): Promise<number[]> {
  if (venueIds.length === 0) return [];
  const list = sql.join(
    venueIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const used = await queryRows<{ id: number }>(
    tx,
    sql`select v.id from unnest(array[${list}]) as v(id) where
      exists (select 1 from deals where v.id = any(venue_ids))
      or exists (select 1 from products where venue_id = v.id)
      or exists (select 1 from reward_items where venue_id = v.id)
      or exists (select 1 from perks where venue_id = v.id)
      or exists (select 1 from pickup_points where venue_id = v.id)
      or exists (select 1 from poll_options where venue_id = v.id)
      or exists (select 1 from assignments where type = 'venue' and assignment_id = v.id)`,
  );
  const named = new Set([...used.map((r) => Number(r.id)), ...(await moduleNamed(tx, 'venues'))]);
  return venueIds.filter((id) => !named.has(id));
}

async function unusedCategories(tx: DbExecutor, categoryIds: readonly number[]): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  const used = await queryRows<{ id: number }>(tx, sql`select distinct unnest(categories) as id from venues`);
  const named = new Set([...used.map((r) => Number(r.id)), ...(await moduleNamed(tx, 'categories'))]);
  return categoryIds.filter((id) => !named.has(id));
}

/** Ids module data names under `key` (`data.venues`, `data.categories`), as the export reads them. */
async function moduleNamed(tx: DbExecutor, key: 'venues' | 'categories'): Promise<number[]> {
  const rows = await queryRows<{ data: Record<string, unknown> | null }>(tx, sql`select data from modules`);
  return rows.flatMap((row) => {
    const list = row.data?.[key];
    return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
  });
}

const dateKey = (row: Record<string, unknown>) =>
  JSON.stringify([
    Number(row.position ?? 0),
    String(row.date),
    row.pickup_point_id === null || row.pickup_point_id === undefined ? null : Number(row.pickup_point_id),
    (row.times as string[] | null | undefined) ?? [],
  ]);

/**
 * The writes: in TABLES order, the uploaded rows inserted or updated where they differ; then in the reverse
 * order, the offer's rows the upload leaves out deleted (a venue or category only when nothing else names
 * it, a module only when no page shows it). Each reward whose stock differs from what is left of it is set
 * as the quick stock edit sets it (its pending takes deleted). Availability dates, which have no ids in the
 * format, are replaced per availability when they differ.
 */
async function writeContent(tx: DbExecutor, checked: CheckedUpload, now: Date): Promise<void> {
  const { rows } = buildRows(checked.given, { now, mediaUrlPrefix: MEDIA_URL_PREFIX }) as {
    rows: ImportRows;
  };
  const current = currentRowsOf(checked.current.rows);
  // Decision 0049: a record the upload gives without translations has none (the importer leaves the key out).
  const uploaded = (name: ContentTable): Row[] => {
    const list = rows[name] as unknown as Row[];
    return 'translations' in getTableColumns(TABLES[name] as PgTable)
      ? list.map((row) => ({ ...row, translations: row.translations ?? null }))
      : list;
  };
  const inserted = new Set<ContentTable>();

  const datesOf = (list: readonly Record<string, unknown>[]) => {
    const out = new Map<number, string[]>();
    for (const row of list) {
      const id = Number(row.availability_id);
      out.set(id, [...(out.get(id) ?? []), dateKey(row)]);
    }
    return out;
  };
  const datesBefore = datesOf(current.availability_dates);
  const datesAfter = datesOf(uploaded('availability_dates'));
  const uploadedAvailability = new Set(uploaded('availability').map((row) => Number(row.id)));

  for (const name of CONTENT_TABLES) {
    if (name === 'availability_dates') {
      // The availabilities whose dates differ get the upload's dates (rows without ids: fresh ids).
      const changed = [...uploadedAvailability].filter(
        (id) => !sameJson(datesBefore.get(id) ?? [], datesAfter.get(id) ?? []),
      );
      if (changed.length === 0) continue;
      await tx.execute(
        sql`delete from availability_dates where availability_id in (${sql.join(
          changed.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const fresh = uploaded('availability_dates').filter((row) =>
        changed.includes(Number(row.availability_id)),
      );
      if (fresh.length > 0) await tx.insert(TABLES.availability_dates).values(fresh as never);
      continue;
    }
    const list = uploaded(name);
    if (name === 'reward_items') {
      // The stock is written apart, under the claim locks: only where it differs from what is left.
      await upsert(tx, name, list, ['tickets_available']);
      const left = new Map(current.reward_items.map((row) => [row.id, row.tickets_available]));
      for (const row of list) {
        const id = Number(row.id);
        if (left.has(id) && !sameJson(left.get(id) ?? null, row.tickets_available ?? null)) {
          await setRewardStock(tx, id, (row.tickets_available ?? null) as never);
        }
      }
    } else {
      await upsert(tx, name, list);
    }
    const before = new Set(current[name].map((row) => row.id));
    if (list.some((row) => !before.has(Number(row.id)))) inserted.add(name);
  }

  for (const name of [...CONTENT_TABLES].reverse()) {
    if (name === 'partners' || name === 'offers') continue;
    if (name === 'availability_dates') {
      const gone = [...datesBefore.keys()].filter((id) => !uploadedAvailability.has(id));
      if (gone.length > 0) {
        await tx.execute(
          sql`delete from availability_dates where availability_id in (${sql.join(
            gone.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      continue;
    }
    const kept = new Set(uploaded(name).map((row) => Number(row.id)));
    let removed = current[name].map((row) => row.id).filter((id) => !kept.has(id));
    if (removed.length === 0) continue;
    if (name === 'media') {
      // A venue's pictures go with the venue (below): one that stays for other offers keeps them.
      const venuesKept = new Set(uploaded('venues').map((row) => Number(row.id)));
      const owner = new Map(current.media.map((row) => [row.id, row]));
      removed = removed.filter((id) => {
        const row = owner.get(id);
        return !(row?.owner_type === 'venue' && !venuesKept.has(Number(row.owner_id)));
      });
    }
    if (name === 'venues') {
      removed = await unusedVenues(tx, removed);
      if (removed.length > 0) {
        await tx.execute(
          sql`delete from media where owner_type = 'venue' and owner_id in (${sql.join(
            removed.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
    }
    if (name === 'categories') removed = await unusedCategories(tx, removed);
    if (name === 'modules') {
      const shown = await queryRows<{ id: number }>(
        tx,
        sql`select distinct unnest(modules) as id from assignments`,
      );
      const onPage = new Set(shown.map((r) => Number(r.id)));
      removed = removed.filter((id) => !onPage.has(id));
    }
    await deleteIds(tx, name, removed);
  }

  // Later inserts (the quick edits, a later apply) get ids past the new rows; a sequence only ever moves on.
  for (const name of inserted) {
    await tx.execute(
      sql`select setval(s.seq::regclass, greatest(m.max_id, coalesce(q.last_value, 0)), true)
        from (select pg_get_serial_sequence(${name}, 'id') as seq) s
        cross join (select max(id) as max_id from ${sql.identifier(name)}) m
        left join pg_sequences q on quote_ident(q.schemaname) || '.' || quote_ident(q.sequencename) = s.seq
        where m.max_id is not null`,
    );
  }
}
