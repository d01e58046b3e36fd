import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** True when the database answers a trivial query. */
export async function pingDatabase(db: DbExecutor): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
