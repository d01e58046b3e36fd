import type { AuditQuery, auditPage } from '@trailpass/contract/console';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { listAudit } from './repository';

/** GET .../audit: one page of the partner's audit rows, by time (the only sort field), then id. */
export async function loadAuditPage(
  db: DbExecutor,
  partnerId: number,
  query: AuditQuery,
): Promise<z.infer<typeof auditPage>> {
  const { rows, total } = await listAudit(db, {
    partnerId,
    action: query.action,
    staffEmail: query.staffEmail,
    objectType: query.objectType,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    q: query.q || undefined,
    order: query.order,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      staffId: row.staff_id,
      staffEmail: row.staff_email,
      partnerId: row.partner_id,
      offerId: row.offer_id,
      action: row.action,
      objectType: row.object_type,
      objectId: row.object_id,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    total,
  };
}
