import type {
  ContentApplied,
  ContentDryRun,
  ContentVersionKind,
  ContentVersionPage,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from '../../api/http';
import { contentApplyPaths } from './upload';

/**
 * The versions of an offer's content (decision 0048): each applied upload or restore keeps the content as
 * it left it, and the first apply also the content before it. A restore is the same dry run and apply as an
 * upload, on the version's zip: the console sends no file.
 */

export const versionsQueryKey = (offerId: number, page: number) =>
  ['console-content-versions', offerId, page] as const;

export const VERSIONS_PER_PAGE = 10;

export function listContentVersions(
  offerId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ContentVersionPage> {
  return apiRequest(
    `${fillPath(contentApplyPaths.versions, { offerId })}?page=${page}&perPage=${VERSIONS_PER_PAGE}`,
    { signal },
  );
}

/** A plain same-origin link, as the export's: the session cookie goes with it, the zip comes as a file. */
export function versionDownloadHref(offerId: number, versionId: number): string {
  return fillPath(contentApplyPaths.versionDownload, { offerId, versionId });
}

export const versionFileName = (offerId: number, versionId: number) =>
  `offer-${offerId}-content-v${versionId}.zip`;

export function dryRunRestore(offerId: number, versionId: number): Promise<ContentDryRun> {
  return apiRequest(fillPath(contentApplyPaths.versionDryRun, { offerId, versionId }), { method: 'POST' });
}

export function restoreVersion(
  offerId: number,
  versionId: number,
  checksum: string,
): Promise<ContentApplied> {
  return apiRequest(
    `${fillPath(contentApplyPaths.versionRestore, { offerId, versionId })}?checksum=${encodeURIComponent(checksum)}`,
    { method: 'POST' },
  );
}

const KIND_TEXT: Record<ContentVersionKind, string> = {
  baseline: 'Before the first upload',
  import: 'Upload',
  restore: 'Restore',
};

/** What a version is, for its row: "Upload", "Restore of version 3", "Before the first upload". */
export function versionKindText(version: { kind: ContentVersionKind; restoredFrom: number | null }): string {
  if (version.kind === 'restore' && version.restoredFrom !== null)
    return `Restore of version ${version.restoredFrom}`;
  return KIND_TEXT[version.kind];
}
