import { z } from 'zod';
import { id, idParam, isoDateTime } from '../common';
import { listPage, listQuery } from './common';

export const AUDIT_SORT_FIELDS = ['at'] as const;
/** GET /console/api/partners/{partnerId}/audit: filters on top of the list query. */
export const auditQuery = listQuery(AUDIT_SORT_FIELDS).extend({
  action: z.string().max(100).optional(),
  staffEmail: z.string().max(254).optional(),
  objectType: z.string().max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const partnerParams = z.strictObject({ partnerId: idParam });

/** One console change: who, when, what, before and after (append-only). */
export const auditEntry = z.object({
  id,
  at: isoDateTime,
  staffId: z.string().nullable(),
  staffEmail: z.string(),
  partnerId: id.nullable(),
  offerId: id.nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = listPage(auditEntry);
