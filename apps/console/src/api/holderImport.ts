import type {
  HolderImportPreview,
  HolderImportRequest,
  HolderImportResult,
} from '@trailpass/contract/console';
import { apiRequest, fillPath } from './http';
import { holderImportPaths } from './paths';

/**
 * The holder CSV import (contract: holder-import.ts): the file's text is checked by the server (preview,
 * nothing written), then sent again to be added all or none (apply checks it all over again).
 */
export function previewHolderImport(
  offerId: number,
  body: HolderImportRequest,
): Promise<HolderImportPreview> {
  return apiRequest(fillPath(holderImportPaths.preview, { offerId }), { method: 'POST', body });
}

export function applyHolderImport(offerId: number, body: HolderImportRequest): Promise<HolderImportResult> {
  return apiRequest(fillPath(holderImportPaths.apply, { offerId }), { method: 'POST', body });
}
