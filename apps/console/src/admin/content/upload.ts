import type {
  ContentDryRun,
  ContentKind,
  ContentKindChanges,
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
