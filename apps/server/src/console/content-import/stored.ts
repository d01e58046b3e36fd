import type { PassDocument } from '../../db/import/document';
import { buildRows } from '../../db/import/rows';
import { MEDIA_URL_PREFIX } from '../../db/paths';
import { buildExportDocument } from '../content-export/document';
import type { ExportRows } from '../content-export/repository';

/**
 * An uploaded document as the database would hold it once imported, written back as the export writes it:
 * the importer's own buildRows (`@now` dates resolved against `now`, omitted keys as their defaults, media
 * URLs rewritten), then the export's own buildExportDocument. Comparing this with the export of the content
 * as it is compares what the apply would leave with what is, and nothing the format lets a person write in
 * two ways (an omitted key and its null, a date with or without seconds, lists in another order) is a change.
 * `doc` has passed validation and the upload's rules: one partner, one offer.
 */
export function storedDocument(doc: PassDocument, now: Date): PassDocument {
  const { rows } = buildRows(doc, { now, mediaUrlPrefix: MEDIA_URL_PREFIX });
  const byId = <T extends { id?: number | undefined }>(list: T[]): T[] =>
    [...list].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  const [provider] = rows.provider_settings;
  const [partner] = rows.partners;
  const [offer] = rows.offers;
  if (!provider || !partner || !offer) throw new Error('storedDocument needs one partner and one offer');
  // Insert rows leave out what the database defaults; buildRows writes every column the export reads, so the
  // rows are read as the export's select rows.
  const exportRows = {
    provider,
    partner,
    offer,
    faqs: rows.faqs,
    deals: byId(rows.deals),
    venues: byId(rows.venues),
    categories: byId(rows.categories),
    products: byId(rows.products),
    rewardItems: byId(rows.reward_items).map((r) => ({
      ...r,
      retail_price: r.retail_price === null || r.retail_price === undefined ? null : Number(r.retail_price),
    })),
    attributes: rows.attributes,
    packages: byId(rows.packages),
    perks: byId(rows.perks),
    media: rows.media,
    assignments: byId(rows.assignments),
    modules: byId(rows.modules),
    messageLists: byId(rows.message_lists),
    availability: byId(rows.availability),
    pickupPoints: rows.pickup_points,
    availabilityDates: rows.availability_dates,
    polls: byId(rows.polls),
    pollOptions: rows.poll_options,
  } as unknown as ExportRows;
  return buildExportDocument(exportRows, { mediaUrlPrefix: MEDIA_URL_PREFIX }).document;
}
