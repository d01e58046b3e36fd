import { createHash } from 'node:crypto';
import {
  type HolderImportError,
  type HolderImportPreview,
  type HolderImportRequest,
  type HolderImportResult,
  holderImportErrorKey,
} from '@trailpass/contract/console';
import type { AppDb, DbExecutor } from '../../db/client';
import { writeAudit } from '../audit/repository';
import { ConsoleApiError, conflict } from '../errors';
import type { ConsoleScope, ConsoleStaff } from '../staff-auth';
import { type ImportCandidate, parseHolderCsv } from './parse';
import { findPartnerUsersByEmails, insertPartnerUsers, insertPasses, lockOfferImports } from './repository';

const EMAIL_HOLDS_OFFER = 'A holder with this e-mail address already has this pass.';

interface CheckedImport {
  rows: number;
  candidates: ImportCandidate[];
  errors: HolderImportError[];
  ignoredColumns: string[];
  /** The partner users of the candidates that exist already (by lower-cased address). */
  existing: Map<string, { id: number; holds: boolean }>;
  checksum: string;
}

/** The file's rows by the field rules, then against the database: an address holding the offer already. */
async function checkImport(
  db: DbExecutor,
  partnerId: number,
  offerId: number,
  csv: string,
): Promise<CheckedImport> {
  const parsed = parseHolderCsv(csv);
  const emails = parsed.candidates.map((c) => c.holder.email.toLowerCase());
  const existing = await findPartnerUsersByEmails(db, partnerId, offerId, emails);
  const errors = [...parsed.errors];
  const candidates: ImportCandidate[] = [];
  for (const candidate of parsed.candidates) {
    if (existing.get(candidate.holder.email.toLowerCase())?.holds) {
      errors.push({ row: candidate.row, field: 'email', message: EMAIL_HOLDS_OFFER });
    } else {
      candidates.push(candidate);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    rows: parsed.rows,
    candidates,
    errors,
    ignoredColumns: parsed.ignoredColumns,
    existing,
    checksum: createHash('sha256').update(csv).digest('hex'),
  };
}

const existingCount = (checked: CheckedImport) =>
  checked.candidates.filter((c) => checked.existing.has(c.holder.email.toLowerCase())).length;

/** POST .../holders/import/preview: what apply would do; nothing is written. */
export async function previewImport(
  db: DbExecutor,
  scope: ConsoleScope,
  input: HolderImportRequest,
): Promise<HolderImportPreview> {
  const checked = await checkImport(db, scope.partnerId, scope.offerId as number, input.csv);
  const clean = checked.errors.length === 0;
  return {
    rows: checked.rows,
    toAdd: clean ? checked.candidates.length : 0,
    existingPartnerUsers: clean ? existingCount(checked) : 0,
    errors: checked.errors,
    ignoredColumns: checked.ignoredColumns,
    checksum: checked.checksum,
  };
}

function refusal(errors: HolderImportError[]): ConsoleApiError {
  const byKey: Record<string, string[]> = {};
  for (const error of errors) {
    const key = holderImportErrorKey(error.row, error.field);
    byKey[key] = [...(byKey[key] ?? []), error.message];
  }
  const n = errors.length;
  return new ConsoleApiError(
    422,
    'VALIDATION',
    `The file has ${n} ${n === 1 ? 'problem' : 'problems'}; no holder was added. Preview it to see ${n === 1 ? 'it' : 'them'} by row.`,
    byKey,
  );
}

/**
 * POST .../holders/import: every row of the file added as a holder of the offer (a partner user of the
 * partner, or the one with the address already, and their pass), or none. The text is checked again inside
 * the transaction, under a lock of the offer's imports, so a file changed since its preview or an address
 * that became a holder meanwhile is refused with its errors; one audit row with the count.
 */
export async function applyImport(
  db: AppDb,
  write: { staff: ConsoleStaff; scope: ConsoleScope; now: Date },
  input: HolderImportRequest,
): Promise<HolderImportResult> {
  const partnerId = write.scope.partnerId;
  const offerId = write.scope.offerId as number;
  return db
    .transaction(async (tx) => {
      await lockOfferImports(tx, offerId);
      const checked = await checkImport(tx, partnerId, offerId, input.csv);
      if (checked.errors.length > 0) throw refusal(checked.errors);
      if (checked.candidates.length === 0) {
        throw new ConsoleApiError(422, 'VALIDATION', 'The file has no holder rows.', {
          [holderImportErrorKey(1, 'file')]: ['The file has no holder rows.'],
        });
      }
      const fresh = checked.candidates.filter((c) => !checked.existing.has(c.holder.email.toLowerCase()));
      const newIds = await insertPartnerUsers(
        tx,
        fresh.map(({ holder }) => ({
          partner_id: partnerId,
          first_name: holder.firstName,
          last_name: holder.lastName,
          name: `${holder.firstName} ${holder.lastName}`,
          email: holder.email,
          phone: holder.phone ?? null,
          contact_permission: holder.contactPermission ? 1 : 0,
        })),
      );
      const existingIds = checked.candidates.flatMap((c) => {
        const found = checked.existing.get(c.holder.email.toLowerCase());
        return found ? [found.id] : [];
      });
      const added = await insertPasses(tx, [...existingIds, ...newIds], offerId, write.now);
      // A holder created by hand since the check (the lock covers imports only): all or none.
      if (added !== checked.candidates.length) throw conflict(`${EMAIL_HOLDS_OFFER} Preview the file again.`);
      await writeAudit(tx, {
        staff: { id: write.staff.id, email: write.staff.email },
        partnerId,
        offerId,
        at: write.now,
        action: 'holder.import',
        objectType: 'offer',
        objectId: offerId,
        before: null,
        after: {
          added,
          existingPartnerUsers: existingIds.length,
          fileName: input.fileName ?? null,
          checksum: checked.checksum,
        },
      });
      return { added, existingPartnerUsers: existingIds.length, checksum: checked.checksum };
    })
    .catch((error: unknown) => {
      // The partner's unique address index, hit by a holder created with one of the addresses meanwhile.
      if ((error as { code?: string }).code === '23505')
        throw conflict(`${EMAIL_HOLDS_OFFER} Preview the file again.`);
      throw error;
    });
}
