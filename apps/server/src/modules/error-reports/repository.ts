import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { error_reports, offers } from '../../db/schema';

export type ErrorReportRow = Omit<typeof error_reports.$inferInsert, 'id' | 'partner_id' | 'created_at'>;

/** One error report; the partner is taken from the offer in the same statement, as for page views. */
export async function insertErrorReport(db: DbExecutor, report: ErrorReportRow): Promise<number> {
  const [row] = await db
    .insert(error_reports)
    .values({
      ...report,
      partner_id:
        report.offer_id == null
          ? null
          : sql`(select ${offers.partner_id} from ${offers} where ${eq(offers.id, report.offer_id)})`,
    })
    .returning({ id: error_reports.id });
  if (!row) throw new Error('Error report insert returned no row.');
  return row.id;
}
