import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { error_reports, offers } from '../../db/schema';

export type ErrorReportRow = Omit<typeof error_reports.$inferInsert, 'id' | 'partner_id' | 'created_at'>;

/**
 * Postgres text cannot hold U+0000, which a browser's message or stack can: the report keeps U+FFFD in its
 * place instead of failing with a 500 (the fuzz suite found one).
 */
function withoutNul(report: ErrorReportRow): ErrorReportRow {
  return Object.fromEntries(
    Object.entries(report).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD') : value,
    ]),
  ) as ErrorReportRow;
}

/** One error report; the partner is taken from the offer in the same statement, as for page views. */
export async function insertErrorReport(db: DbExecutor, report: ErrorReportRow): Promise<number> {
  const [row] = await db
    .insert(error_reports)
    .values({
      ...withoutNul(report),
      partner_id:
        report.offer_id == null
          ? null
          : sql`(select ${offers.partner_id} from ${offers} where ${eq(offers.id, report.offer_id)})`,
    })
    .returning({ id: error_reports.id });
  if (!row) throw new Error('Error report insert returned no row.');
  return row.id;
}
