import {
  CONTENT_KINDS,
  type ContentChangeItem,
  type ContentKind,
  type ContentKindChanges,
} from '@trailpass/contract/console';
import type { PassDocument } from '../../db/import/document';

/**
 * The dry run's comparison (decision 0047), pure: the records of each kind of two pass-import/1 documents of
 * one offer, by id, as added, removed, and changed with the top-level fields that differ. Both documents are
 * written the export's way (content-export/document.ts), so equal content is equal JSON up to key order.
 */

type Item = { id: number } & Record<string, unknown>;

/** A kind's records of a document, and what a person calls one. */
const KINDS: Record<ContentKind, { records: (doc: PassDocument) => Item[]; label: (item: Item) => string }> =
  {
    partner: { records: (d) => list(d.partners), label: named },
    offer: {
      // FAQs are a kind of their own.
      records: (d) => list(d.offers).map(({ faqs: _faqs, ...offer }) => offer as Item),
      label: named,
    },
    faqs: { records: (d) => list(d.offers.flatMap((o) => o.faqs ?? [])), label: (f) => String(f.question) },
    deals: { records: (d) => list(d.deals), label: named },
    venues: { records: (d) => list(d.venues), label: named },
    categories: { records: (d) => list(d.categories), label: named },
    products: { records: (d) => list(d.products), label: named },
    rewardItems: { records: (d) => list(d.rewardItems), label: named },
    packages: { records: (d) => list(d.packages), label: named },
    perks: { records: (d) => list(d.perks), label: named },
    assignments: {
      records: (d) => list(d.assignments),
      label: (a) =>
        `${String(a.type)} ${String(a.assignmentId)} at ${String(a.location)}${a.unregistered ? ' (unregistered)' : ''}`,
    },
    modules: {
      records: (d) => list(d.modules),
      label: (m) => `${String(m.name)} (${String(m.type ?? 'no type')})`,
    },
    messageLists: { records: (d) => list(d.messageLists), label: named },
    availability: {
      records: (d) => list(d.availability),
      label: (a) =>
        a.reward_item_id != null ? `reward ${a.reward_item_id}` : `product ${String(a.product_id)}`,
    },
    polls: { records: (d) => list(d.polls), label: (p) => String(p.question) },
  };

function list(items: readonly unknown[] | undefined): Item[] {
  return (items ?? []) as Item[];
}

function named(item: Item): string {
  return typeof item.name === 'string' ? item.name : `#${item.id}`;
}

/** Deep equality of JSON values, key order aside. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, i) => sameJson(value, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) if (!sameJson(ra[key], rb[key])) return false;
  return true;
}

/** The top-level fields of two records that differ, in the order of the first then the second. */
export function changedFields(before: Item, after: Item): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => !sameJson(before[key], after[key]));
}

/** Per kind (CONTENT_KINDS order): what `after` adds to, changes in and removes from `before`, by id. */
export function diffContent(before: PassDocument, after: PassDocument): ContentKindChanges[] {
  return CONTENT_KINDS.map((kind) => {
    const { records, label } = KINDS[kind];
    const old = new Map(records(before).map((item) => [item.id, item]));
    const now = new Map(records(after).map((item) => [item.id, item]));
    const added: ContentChangeItem[] = [];
    const changed: ContentChangeItem[] = [];
    const removed: ContentChangeItem[] = [];
    for (const [id, item] of now) {
      const was = old.get(id);
      if (!was) {
        added.push({ id, label: label(item) });
        continue;
      }
      const fields = changedFields(was, item);
      if (fields.length > 0) changed.push({ id, label: label(item), fields });
    }
    for (const [id, item] of old) if (!now.has(id)) removed.push({ id, label: label(item) });
    const byId = (a: ContentChangeItem, b: ContentChangeItem) => a.id - b.id;
    return { kind, added: added.sort(byId), changed: changed.sort(byId), removed: removed.sort(byId) };
  });
}

/** The records of `kind` in a document, for the checks that need them. */
export function recordsOf(doc: PassDocument, kind: ContentKind): Item[] {
  return KINDS[kind].records(doc);
}
