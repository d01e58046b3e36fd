import type {
  contentExportFileName as ContractContentExportFileName,
  contentExportPaths as ContractContentExportPaths,
} from '@trailpass/contract/console';
import { fillPath } from '../../api/http';

/**
 * Issue 31 item 2: the offer's content as an import file (a zip of pass.json and its media; decision 0046).
 * The path and file name are restated from the contract, whose module builds zod schemas at load (see
 * api/paths.ts); the types hold them to the contract's.
 */
export const contentExportPaths = {
  export: '/console/api/offers/:offerId/content/export',
} as const satisfies typeof ContractContentExportPaths;

export const contentExportFileName: typeof ContractContentExportFileName = (offerId) =>
  `offer-${offerId}-content.zip`;

/**
 * The download as a plain same-origin link, as the reports' CSV: the session cookie goes with it and a GET
 * needs no CSRF token; the server sends the zip as an attachment.
 */
export function contentExportHref(offerId: number): string {
  return fillPath(contentExportPaths.export, { offerId });
}
