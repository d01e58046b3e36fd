import type {
  ContentApplied,
  ContentDryRun,
  ContentKind,
  ContentKindChanges,
  contentApplyPaths as ContractContentApplyPaths,
  contentImportPaths as ContractContentImportPaths,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from '../../api/http';

/**
 * Issue 31 item 1, first half: the dry run of a content upload (decision 0047). The path is restated from
 * the contract, whose module builds zod schemas at load (see api/paths.ts); the type holds it to the
 * contract's.
 */
export const contentImportPaths = {
  dryRun: '/console/api/offers/:offerId/content/dry-run',
} as const satisfies typeof ContractContentImportPaths;

/** The apply and the versions (decision 0048), restated as the dry run's path is. */
export const contentApplyPaths = {
  apply: '/console/api/offers/:offerId/content/imports',
  versions: '/console/api/offers/:offerId/content/versions',
  versionDownload: '/console/api/offers/:offerId/content/versions/:versionId/download',
  versionDryRun: '/console/api/offers/:offerId/content/versions/:versionId/dry-run',
  versionRestore: '/console/api/offers/:offerId/content/versions/:versionId/restore',
} as const satisfies typeof ContractContentApplyPaths;

/** The content type the server takes for a file, by its name (browsers label a .zip in several ways). */
export function uploadTypeOf(fileName: string): 'application/zip' | 'application/json' | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.zip')) return 'application/zip';
  if (name.endsWith('.json')) return 'application/json';
  return null;
}

/** POST the file as it is: the server checks it and compares it with the offer's content; nothing changes. */
export function dryRunContentUpload(offerId: number, file: Blob, type: string): Promise<ContentDryRun> {
  return apiRequest(fillPath(contentImportPaths.dryRun, { offerId }), {
    method: 'POST',
    file: { data: file, type },
  });
}

/** POST the same file again with the dry run's checksum: the server checks it again and applies it. */
export function applyContentUpload(
  offerId: number,
  file: Blob,
  type: string,
  checksum: string,
): Promise<ContentApplied> {
  return apiRequest(
    `${fillPath(contentApplyPaths.apply, { offerId })}?checksum=${encodeURIComponent(checksum)}`,
    { method: 'POST', file: { data: file, type } },
  );
}

/** "1 added, 3 changed, 1 removed; 2 images new, 1 replaced": what an apply does, in one line. */
export function changeSummary(result: Pick<ContentDryRun, 'kinds' | 'media'>): string {
  const count = (pick: (k: ContentKindChanges) => unknown[]) =>
    result.kinds.reduce((n, k) => n + pick(k).length, 0);
  const records = countsText({
    added: count((k) => k.added),
    changed: count((k) => k.changed),
    removed: count((k) => k.removed),
    mediaAdded: result.media.added.length,
    mediaReplaced: result.media.replaced.length,
  });
  return records;
}

/** A version's or a diff's counts as a person reads them; "no changes" when all are zero. */
export function countsText(counts: {
  added: number;
  changed: number;
  removed: number;
  mediaAdded: number;
  mediaReplaced: number;
}): string {
  const records = [
    counts.added ? `${counts.added} added` : '',
    counts.changed ? `${counts.changed} changed` : '',
    counts.removed ? `${counts.removed} removed` : '',
  ].filter(Boolean);
  const images = [
    counts.mediaAdded ? `${counts.mediaAdded} new` : '',
    counts.mediaReplaced ? `${counts.mediaReplaced} replaced` : '',
  ].filter(Boolean);
  const parts = [
    records.length
      ? `${records.join(', ')} record${counts.added + counts.changed + counts.removed === 1 ? '' : 's'}`
      : '',
    images.length
      ? `image${counts.mediaAdded + counts.mediaReplaced === 1 ? '' : 's'}: ${images.join(', ')}`
      : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'no changes';
}

const KIND_LABEL: Record<ContentKind, string> = {
  partner: 'Partner',
  offer: 'Offer',
  faqs: 'FAQs',
  deals: 'Deals',
  venues: 'Venues',
  categories: 'Categories',
  products: 'Products',
  rewardItems: 'Rewards',
  packages: 'Packages',
  perks: 'Perks',
  assignments: 'Page assignments',
  modules: 'Page modules',
  messageLists: 'Mailing lists',
  availability: 'Pickup availability',
  polls: 'Polls',
};

export interface ChangeLine {
  kind: string;
  lines: string[];
}

/** The kinds that change, each with one line per record: `Added: Coffee Crawl (203)`, `Changed: ... — name`. */
export function changeLines(kinds: readonly ContentKindChanges[]): ChangeLine[] {
  return kinds
    .filter((k) => k.added.length + k.changed.length + k.removed.length > 0)
    .map((k) => ({
      kind: KIND_LABEL[k.kind],
      lines: [
        ...k.added.map((item) => `Added: ${item.label} (${item.id})${item.note ? `, ${item.note}` : ''}`),
        ...k.changed.map((item) => `Changed: ${item.label} (${item.id}): ${(item.fields ?? []).join(', ')}`),
        ...k.removed.map((item) => `Removed: ${item.label} (${item.id})${item.note ? `, ${item.note}` : ''}`),
      ],
    }));
}

/** The server's problems by JSON path, as lines a person reads (`$.deals[2].name: must be a string`). */
export function problemLines(errors: Record<string, string> | undefined): string[] {
  return Object.entries(errors ?? {}).map(([path, message]) => `${path}: ${message}`);
}
