import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CONTENT_IMPORT_LIMITS,
  type ContentChangeItem,
  type ContentDryRun,
  type ContentKindChanges,
} from '@trailpass/contract/console';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb, DbExecutor } from '../../db/client';
import type { PassDocument } from '../../db/import/document';
import { type RenderedIcon, renderIcons } from '../../db/import/icons';
import type { ImportIssue } from '../../db/import/issues';
import { describeJsonError } from '../../db/import/json-error';
import { checkPassDocument, collectMediaItems, MEDIA_FILE, MEDIA_KEYS, walk } from '../../db/import/validate';
import { MEDIA_URL_PREFIX } from '../../db/paths';
import { readsTogether } from '../../db/reads-together';
import { categories, media as mediaTable, venues } from '../../db/schema';
import { buildExportDocument } from '../content-export/document';
import { type ExportRows, readExportRows } from '../content-export/repository';
import { invalid, notFound } from '../errors';
import type { WriteContext } from '../holders/service';
import { readArchive, tooLarge } from './archive';
import { diffContent, recordsOf, sameJson } from './diff';
import {
  existingIds,
  holderReferences,
  type OwnTable,
  otherOffersOfVenues,
  type ReferencedKind,
} from './repository';
import { storedDocument } from './stored';

/**
 * Issue 31 item 1, first half (decision 0047): the dry run of a content upload for one offer. The upload is
 * read (a zip into memory, or the JSON alone), checked as the import CLI checks a file (the same validator,
 * its media against the zip's files, the install icons rendered), then against the rules of an upload for one
 * offer, then compared with the offer's content as the export writes it. Nothing is written: the reads run in
 * read-only transactions and the media go to a temporary folder that is always removed.
 */

export interface ContentUpload {
  bytes: Buffer;
  kind: 'zip' | 'json';
}

type Issues = ImportIssue[];

/** Holder data: an upload changes content only, so these lists must be empty. */
const HOLDER_LISTS = {
  partnerUsers: 'holders (partner users)',
  passes: 'passes',
  passLinks: 'pass links',
  messages: 'messages',
  subscriptions: 'subscriptions',
  orders: 'orders',
  pointsLedger: 'points',
} as const;

/** The 422 of an upload's problems: every problem under its JSON path, as the CLI prints them. */
function refused(issues: Issues, what = 'The upload'): never {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) errors[issue.path] = [...(errors[issue.path] ?? []), issue.message];
  const [first] = issues;
  throw invalid(
    `${what} has ${issues.length} problem${issues.length === 1 ? '' : 's'}; nothing was changed.${
      first ? ` First: ${first.path}: ${first.message}` : ''
    }`,
    errors,
  );
}

const plural = (count: number, what: string) =>
  `${count} ${count === 1 ? what : what.endsWith('y') ? `${what.slice(0, -1)}ies` : `${what}s`}`;

function parseDocument(bytes: Uint8Array, name: string): unknown {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') refused([{ path: '$', message: `${name} is empty` }]);
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = describeJsonError(text);
    refused([
      {
        path: '$',
        message: where
          ? `${name} is not valid JSON: malformed at ${where}`
          : `${name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      },
    ]);
  }
}

/**
 * Where the checks read: the dry run opens a read-only snapshot for each group of reads; the apply runs them
 * all in its own transaction (decision 0048), so nothing can move between the check and the write.
 */
export type Snapshot = <T>(reads: (tx: DbExecutor) => Promise<T>) => Promise<T>;

/** The dry run's: each group of reads in a read-only repeatable-read transaction of its own. */
export const readOnlySnapshot =
  (db: AppDb): Snapshot =>
  (reads) =>
    db.transaction(reads, { isolationLevel: 'repeatable read', accessMode: 'read only' });

/** The offer's content as the export writes it, read in one snapshot, and the rows it came from. */
async function readCurrent(snapshot: Snapshot, offerId: number) {
  return snapshot(async (tx) => {
    const rows = await readExportRows(tx, offerId);
    if (!rows) throw notFound();
    return { rows, ...buildExportDocument(rows, { mediaUrlPrefix: MEDIA_URL_PREFIX }) };
  });
}

/**
 * The CLI's checks (checkPassDocument, then the install icons the import renders), with the zip's media in a
 * temporary folder as the CLI finds them next to the file. A `media/<file>` that is neither in the upload nor
 * on the server is an error here (the CLI warns): an upload names a picture to show it. One the content
 * already names and the server never had (the demo's sunset-paddle.svg) stays a warning, as it was.
 */
async function checkAsTheCliDoes(
  doc: unknown,
  media: ReadonlyMap<string, Uint8Array>,
  opts: { now: Date; mediaDir: string; alreadyNamed: ReadonlySet<string> },
): Promise<{ errors: Issues; warnings: Issues; icons: RenderedIcon[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trailpass-upload-'));
  try {
    await mkdir(path.join(dir, 'media'));
    // Names passed archive.ts's MEDIA_FILE test: no separators, no dots first.
    for (const [file, bytes] of media) await writeFile(path.join(dir, 'media', file), bytes);
    const checked = checkPassDocument(doc, { baseDir: dir, now: opts.now });
    if (checked.errors.length > 0) return { errors: checked.errors, warnings: [], icons: [] };
    const errors: Issues = [];
    const warnings: Issues = [];
    walk(doc, '$', (value, key, at) => {
      if (typeof value !== 'string' || key === undefined || !MEDIA_KEYS.has(key)) return;
      const file = MEDIA_FILE.exec(value)?.[1];
      if (!file || media.has(file) || existsSync(path.join(opts.mediaDir, file))) return;
      if (opts.alreadyNamed.has(file)) {
        warnings.push({
          path: at,
          message: `${value} is neither in the upload nor on the server; the content already names it, and the app shows its default picture`,
        });
      } else {
        errors.push({
          path: at,
          message: `${value} is neither in the zip’s media folder nor on the server: add the file to the zip`,
        });
      }
    });
    const icons = await renderIcons(dir, doc as PassDocument);
    errors.push(...icons.errors);
    return { errors, warnings, icons: icons.icons };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rules of an upload for ONE offer, on a document the validator accepted. */
function uploadRules(doc: PassDocument, current: PassDocument, offerId: number): Issues {
  const issues: Issues = [];
  const offer = current.offers[0];
  const partner = current.partners[0];
  if (!offer || !partner) throw new Error('an export without its offer or partner');
  const offerName = `offer ${offerId} (${offer.name})`;
  if (doc.offers.length !== 1) {
    issues.push({
      path: '$.offers',
      message: `an upload is for one offer: this document holds ${doc.offers.length}; keep only ${offerName}`,
    });
  } else if (doc.offers[0]?.id !== offerId) {
    issues.push({
      path: '$.offers[0].id',
      message: `this upload is for ${offerName}, not offer ${doc.offers[0]?.id}: upload it on that offer’s page, or use id ${offerId}`,
    });
  }
  const partnerName = `partner ${partner.id} (${partner.name})`;
  if (doc.partners.length !== 1) {
    issues.push({
      path: '$.partners',
      message: `an upload holds one partner, the offer’s: ${partnerName}; this document holds ${doc.partners.length}`,
    });
  } else if (doc.partners[0]?.id !== partner.id) {
    issues.push({
      path: '$.partners[0].id',
      message: `offer ${offerId} belongs to ${partnerName}; an upload cannot change whose offer it is`,
    });
  }
  doc.offers.forEach((o, i) => {
    if (o.id === offerId && o.partner_id !== partner.id) {
      issues.push({
        path: `$.offers[${i}].partner_id`,
        message: `offer ${offerId} belongs to ${partnerName}; an upload cannot move it to partner ${o.partner_id}`,
      });
    }
  });
  if (!sameJson(doc.provider, current.provider)) {
    issues.push({
      path: '$.provider',
      message: `the provider block is Trailpass’s own and an upload cannot change it: write it as the export did (${JSON.stringify(current.provider)})`,
    });
  }
  for (const [key, what] of Object.entries(HOLDER_LISTS)) {
    const list = (doc as unknown as Record<string, unknown[] | undefined>)[key] ?? [];
    if (list.length > 0) {
      issues.push({
        path: `$.${key}`,
        message: `an upload changes the offer’s content only: holders’ ${what} stay as they are and cannot be uploaded; leave "${key}" empty ([])`,
      });
    }
  }
  (doc.polls ?? []).forEach((poll, i) => {
    if ((poll.ballots ?? []).length > 0) {
      issues.push({
        path: `$.polls[${i}].ballots`,
        message:
          'an upload changes the offer’s content only: holders’ votes stay as they are; leave "ballots" out (each option’s "votes" is its count)',
      });
    }
  });
  return issues;
}

/** The JSON path of each record of the uploaded document (as written, before sorting), by table and id. */
function pathsOf(doc: PassDocument): Map<OwnTable, Map<number, string>> {
  const out = new Map<OwnTable, Map<number, string>>();
  const put = (table: OwnTable, id: number, at: string) => {
    const map = out.get(table) ?? new Map<number, string>();
    if (!map.has(id)) map.set(id, at);
    out.set(table, map);
  };
  const top = (table: OwnTable, key: string, list: Array<{ id: number }> | undefined) =>
    (list ?? []).forEach((item, i) => {
      put(table, item.id, `$.${key}[${i}]`);
    });
  top('deals', 'deals', doc.deals);
  top('venues', 'venues', doc.venues);
  top('categories', 'categories', doc.categories);
  top('products', 'products', doc.products);
  top('rewardItems', 'rewardItems', doc.rewardItems);
  top('packages', 'packages', doc.packages);
  top('perks', 'perks', doc.perks);
  top('assignments', 'assignments', doc.assignments);
  top('modules', 'modules', doc.modules);
  top('messageLists', 'messageLists', doc.messageLists);
  top('availability', 'availability', doc.availability);
  top('polls', 'polls', doc.polls);
  doc.offers.forEach((o, i) => {
    (o.faqs ?? []).forEach((f, j) => {
      put('faqs', f.id, `$.offers[${i}].faqs[${j}]`);
    });
  });
  (doc.rewardItems ?? []).forEach((r, i) => {
    (r.attributes ?? []).forEach((a, j) => {
      put('attributes', a.id, `$.rewardItems[${i}].attributes[${j}]`);
    });
  });
  (doc.availability ?? []).forEach((a, i) => {
    a.pickup_points.forEach((p, j) => {
      put('pickupPoints', p.id, `$.availability[${i}].pickup_points[${j}]`);
    });
  });
  (doc.polls ?? []).forEach((p, i) => {
    p.options.forEach((o, j) => {
      put('pollOptions', o.id, `$.polls[${i}].options[${j}]`);
    });
  });
  for (const item of collectMediaItems(doc)) put('media', item.value.id, item.path);
  return out;
}

/** The ids of a document's nested records (FAQs, options, pickup points, poll options, media) by table. */
function idsOf(doc: PassDocument): Map<OwnTable, Set<number>> {
  return new Map([...pathsOf(doc)].map(([table, map]) => [table, new Set(map.keys())]));
}

const OWN_LABEL: Record<OwnTable, string> = {
  deals: 'deal',
  products: 'product',
  rewardItems: 'reward',
  packages: 'package',
  perks: 'perk',
  faqs: 'FAQ',
  attributes: 'reward option',
  modules: 'module',
  assignments: 'assignment',
  messageLists: 'mailing list',
  availability: 'availability',
  pickupPoints: 'pickup point',
  polls: 'poll',
  pollOptions: 'poll option',
  media: 'media item',
  venues: 'venue',
  categories: 'category',
};

/** Records new to the offer whose id another offer's (or partner's) content already has. */
async function takenIds(db: DbExecutor, uploaded: PassDocument, current: PassDocument): Promise<Issues> {
  const paths = pathsOf(uploaded);
  const mine = idsOf(current);
  const issues: Issues = [];
  for (const [table, map] of paths) {
    // Venues and categories are shared: naming an existing one is using it (its changes are checked apart).
    if (table === 'venues' || table === 'categories') continue;
    const fresh = [...map.keys()].filter((id) => !mine.get(table)?.has(id));
    const taken = await existingIds(db, table, fresh);
    for (const id of [...taken].sort((a, b) => a - b)) {
      issues.push({
        path: `${map.get(id)}.id`,
        message: `${OWN_LABEL[table]} id ${id} is already used by the content of another offer; give this ${OWN_LABEL[table]} an id no other offer uses`,
      });
    }
  }
  return issues;
}

/** Venues and categories the upload names that are not the offer's yet but exist, as the export writes them. */
async function existingShared(
  db: DbExecutor,
  rows: ExportRows,
  uploaded: PassDocument,
  current: PassDocument,
): Promise<{
  venues: Map<number, Record<string, unknown>>;
  categories: Map<number, Record<string, unknown>>;
}> {
  const notMine = (list: Array<{ id: number }>, mine: Array<{ id: number }>) => {
    const ids = new Set(mine.map((item) => item.id));
    return list.map((item) => item.id).filter((id) => !ids.has(id));
  };
  const venueIds = notMine(uploaded.venues, current.venues);
  const categoryIds = notMine(uploaded.categories ?? [], current.categories ?? []);
  const [venueRows, categoryRows, mediaRows] = await readsTogether(db, [
    () => (venueIds.length ? db.select().from(venues).where(inArray(venues.id, venueIds)) : []),
    () => (categoryIds.length ? db.select().from(categories).where(inArray(categories.id, categoryIds)) : []),
    () =>
      venueIds.length
        ? db
            .select()
            .from(mediaTable)
            .where(and(eq(mediaTable.owner_type, 'venue'), inArray(mediaTable.owner_id, venueIds)))
        : [],
  ]);
  const doc = buildExportDocument(
    {
      ...rows,
      faqs: [],
      deals: [],
      products: [],
      rewardItems: [],
      attributes: [],
      packages: [],
      perks: [],
      assignments: [],
      modules: [],
      messageLists: [],
      availability: [],
      pickupPoints: [],
      availabilityDates: [],
      polls: [],
      pollOptions: [],
      venues: venueRows,
      categories: categoryRows,
      media: [...mediaRows].sort((a, b) => a.owner_id - b.owner_id || a.position - b.position || a.id - b.id),
    },
    { mediaUrlPrefix: MEDIA_URL_PREFIX },
  ).document;
  return {
    venues: new Map(doc.venues.map((v) => [v.id, v as unknown as Record<string, unknown>])),
    categories: new Map((doc.categories ?? []).map((c) => [c.id, c as unknown as Record<string, unknown>])),
  };
}

function kindOf(kinds: ContentKindChanges[], kind: ContentKindChanges['kind']): ContentKindChanges {
  const found = kinds.find((k) => k.kind === kind);
  if (!found) throw new Error(`no ${kind} in the diff`);
  return found;
}

/** Removed nested records (reward options, pickup points, poll options) of the kinds that have holders' rows. */
function removedNested(current: PassDocument, uploaded: PassDocument, table: OwnTable): number[] {
  const now = idsOf(uploaded).get(table) ?? new Set<number>();
  return [...(idsOf(current).get(table) ?? [])].filter((id) => !now.has(id));
}

/** An upload read: its checksum, the zip's entries, and the document parsed (not yet checked). */
export interface ReadUpload {
  checksum: string;
  archive: { documentName: string | null; documentBytes: Uint8Array; media: Map<string, Uint8Array> };
  doc: unknown;
}

export const checksumOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The upload's bytes read as the dry run reads them: limits, the zip, the JSON (422 or 413 when not). */
export function readUpload(upload: ContentUpload): ReadUpload {
  const checksum = checksumOf(upload.bytes);
  if (upload.kind === 'json' && upload.bytes.byteLength > CONTENT_IMPORT_LIMITS.documentBytes) {
    throw tooLarge(
      `The document is larger than ${CONTENT_IMPORT_LIMITS.documentBytes / (1024 * 1024)} MB, the most an upload takes.`,
    );
  }
  const archive =
    upload.kind === 'zip'
      ? readArchive(upload.bytes)
      : { documentName: null, documentBytes: upload.bytes, media: new Map<string, Uint8Array>() };
  const doc = parseDocument(archive.documentBytes, archive.documentName ?? 'The document');
  return { checksum, archive, doc };
}

/** A checked upload: the dry run's answer, and what the apply writes from. */
export interface CheckedUpload {
  result: ContentDryRun;
  /** The document as uploaded (validated, the upload's rules kept). */
  given: PassDocument;
  /** The content as it is, read through `snapshot`. */
  current: { rows: ExportRows; document: PassDocument; mediaFiles: string[] };
  /** The install icons the document's SVG icons render to. */
  icons: RenderedIcon[];
  media: ReadonlyMap<string, Uint8Array>;
}

export async function dryRunContentImport(
  db: AppDb,
  mediaDir: string,
  write: WriteContext,
  upload: ContentUpload,
): Promise<ContentDryRun> {
  const read = readUpload(upload);
  return (await checkUpload(readOnlySnapshot(db), mediaDir, write, read)).result;
}

/**
 * Every check of the dry run, its reads through `snapshot`: the CLI's validation, the rules of an upload for
 * one offer, taken ids, shared venues, blocking removals; then the diff and the zip's media against the
 * server's files. 422 for any problem.
 */
export async function checkUpload(
  snapshot: Snapshot,
  mediaDir: string,
  write: WriteContext,
  read: ReadUpload,
): Promise<CheckedUpload> {
  const offerId = write.scope.offerId as number;
  const { checksum, archive, doc } = read;

  const current = await readCurrent(snapshot, offerId);
  const checked = await checkAsTheCliDoes(doc, archive.media, {
    now: write.now,
    mediaDir,
    alreadyNamed: new Set(current.mediaFiles),
  });
  if (checked.errors.length > 0) refused(checked.errors);
  const given = doc as PassDocument;
  const rules = uploadRules(given, current.document, offerId);
  if (rules.length > 0) refused(rules);

  const uploaded = storedDocument(given, write.now);
  const kinds = diffContent(current.document, uploaded);
  const paths = pathsOf(given);

  const issues: Issues = [];
  await snapshot(async (tx) => {
    issues.push(...(await takenIds(tx, given, current.document)));

    // Venues and categories the offer starts to use that exist already: added, with what the upload changes.
    const shared = await existingShared(tx, current.rows, uploaded, current.document);
    for (const kind of ['venues', 'categories'] as const) {
      const before = shared[kind];
      for (const item of kindOf(kinds, kind).added) {
        const was = before.get(item.id);
        if (!was) continue;
        const now = recordsOf(uploaded, kind).find((record) => record.id === item.id) ?? {};
        const fields = Object.keys({ ...was, ...now }).filter(
          (key) => !sameJson(was[key], (now as Record<string, unknown>)[key]),
        );
        item.note = `already in the database: this offer uses it too${fields.length ? ', and the upload changes it' : ''}`;
        if (fields.length) item.fields = fields;
      }
    }

    // A venue another partner's offer uses is left to a provider admin (decision 0044).
    const venueChanges = [...kindOf(kinds, 'venues').changed, ...kindOf(kinds, 'venues').added].filter(
      (item) => (item.fields ?? []).length > 0,
    );
    const removedVenues = kindOf(kinds, 'venues').removed;
    const others = await otherOffersOfVenues(tx, offerId, [
      ...venueChanges.map((item) => item.id),
      ...removedVenues.map((item) => item.id),
    ]);
    for (const item of venueChanges) {
      const foreign = (others.get(item.id) ?? []).filter((o) => o.partnerId !== write.scope.partnerId);
      if (foreign.length === 0 || write.scope.role === 'provider_admin') continue;
      issues.push({
        path: paths.get('venues')?.get(item.id) ?? '$.venues',
        message: `venue ${item.id} (${item.label}) is also used by ${foreign
          .map((o) => `${o.name} (offer ${o.offerId})`)
          .join(
            ', ',
          )} of another partner, so only Trailpass can change it: leave it as the export wrote it (changed: ${(item.fields ?? []).join(', ')})`,
      });
    }

    // Removals the database cannot make while holders' rows point at the record.
    const blocking = async (
      kind: ReferencedKind,
      removed: ContentChangeItem[],
      at: string,
      label: string,
    ) => {
      const refs = await holderReferences(
        tx,
        kind,
        removed.map((item) => item.id),
      );
      for (const item of removed) {
        const found = refs.get(item.id);
        if (!found) continue;
        issues.push({
          path: at,
          message: `${label} ${item.id} (${item.label}) cannot be removed: ${found
            .map((ref) => plural(ref.count, ref.what))
            .join(', ')} of holders refer to it; keep it in the document`,
        });
      }
    };
    await blocking('deals', kindOf(kinds, 'deals').removed, '$.deals', 'deal');
    await blocking('products', kindOf(kinds, 'products').removed, '$.products', 'product');
    await blocking('rewardItems', kindOf(kinds, 'rewardItems').removed, '$.rewardItems', 'reward');
    await blocking('packages', kindOf(kinds, 'packages').removed, '$.packages', 'package');
    await blocking('messageLists', kindOf(kinds, 'messageLists').removed, '$.messageLists', 'mailing list');
    await blocking('availability', kindOf(kinds, 'availability').removed, '$.availability', 'availability');
    await blocking('polls', kindOf(kinds, 'polls').removed, '$.polls', 'poll');
    // A removed venue another offer still uses stays in the database; only one no offer uses is deleted.
    for (const item of removedVenues) {
      const users = others.get(item.id) ?? [];
      if (users.length > 0)
        item.note = `still used by ${users.map((o) => `offer ${o.offerId}`).join(', ')}: it stays`;
    }
    await blocking(
      'venues',
      removedVenues.filter((item) => !others.has(item.id)),
      '$.venues',
      'venue',
    );
    const nested = async (kind: ReferencedKind & OwnTable, label: string, owner: string) => {
      const ids = removedNested(current.document, uploaded, kind);
      await blocking(
        kind,
        ids.map((id) => ({ id, label: `#${id}` })),
        owner,
        label,
      );
    };
    await nested('attributes', 'reward option', '$.rewardItems');
    await nested('pickupPoints', 'pickup point', '$.availability');
    await nested('pollOptions', 'poll option', '$.polls');
  });
  if (issues.length > 0) refused(issues);

  // The zip's images against the server's files of the same name.
  const named = new Set(collectNamedFiles(uploaded).filter((file) => archive.media.has(file)));
  const media: ContentDryRun['media'] = { added: [], replaced: [], same: [], unused: [] };
  const warnings = [...checked.warnings];
  for (const [file, bytes] of [...archive.media].sort(([a], [b]) => a.localeCompare(b))) {
    const name = `media/${file}`;
    if (!named.has(file)) {
      media.unused.push(name);
      continue;
    }
    const onServer = path.join(mediaDir, file);
    if (!existsSync(onServer)) media.added.push(name);
    else if (Buffer.from(bytes).equals(readFileSync(onServer))) media.same.push(name);
    else {
      media.replaced.push(name);
      warnings.push({
        path: '$',
        message: `${name} differs from the server’s file of that name: applying replaces it wherever it is shown`,
      });
    }
  }

  const result: ContentDryRun = {
    offerId,
    checksum,
    document: archive.documentName,
    unchanged:
      kinds.every((k) => k.added.length + k.changed.length + k.removed.length === 0) &&
      media.added.length + media.replaced.length === 0,
    kinds,
    media,
    warnings,
  };
  return { result, given, current, icons: checked.icons, media: archive.media };
}

/** The `media/<file>` names a document points to. */
function collectNamedFiles(doc: PassDocument): string[] {
  const files: string[] = [];
  walk(doc, '$', (value, key) => {
    if (typeof value !== 'string' || key === undefined || !MEDIA_KEYS.has(key)) return;
    const file = MEDIA_FILE.exec(value)?.[1];
    if (file) files.push(file);
  });
  return files;
}
