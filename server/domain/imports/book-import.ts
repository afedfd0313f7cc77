/**
 * Booking a confirmed import (CONTRACT "Imports"): the preview's bookable rows become transactions
 * in one INSERT ... SELECT, the opening balance moves when the proposal was accepted, and the job
 * is `completed` with its counts. Runs in the caller's transaction (server/jobs/import-worker.ts
 * claims the job, holds its lock and retries); throws when the job is no longer the claim's.
 */
import type { Db } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { logger } from "../../logger";
import { currencyById } from "../money/currencies";
import { dateToDay, dayToDate } from "../time/calendar";
import { importAccount } from "./create-import";
import { openingAccountOf, planOpeningAdjustment } from "./opening-balance";
import { previewText } from "./stored-preview";

/** The claim a booking belongs to: the job, the time it was claimed (the completion checks it) and the attempt. */
export interface ImportClaim {
  id: string;
  locked_at: Date;
  attempts: number;
}

const field = (name: Parameters<typeof previewText>[1]) => previewText("r.value", name);

/** A stored row the job books: new and pre-opening ones, and duplicates unless they are skipped. */
const BOOKABLE = `(${field("state")} IN ('new', 'pre_opening') OR (${field("state")} = 'duplicate' AND j.skip_duplicates = false))`;

/** The preview rows a job books, read in SQL so a large preview never becomes JS objects (layout: stored-preview.ts). */
const BOOKABLE_ROWS = `
  FROM import_jobs j
  CROSS JOIN LATERAL jsonb_array_elements(j.preview) AS r(value)
  WHERE j.id = $1::uuid AND ${BOOKABLE}`;

/** Creates the job's transactions and completes it; all or nothing with the caller's transaction. */
export async function bookImport(tx: Db, claimed: ImportClaim): Promise<void> {
  const job = await tx.prisma.importJob.findUniqueOrThrow({ where: { id: claimed.id }, omit: { preview: true } });
  const account = await importAccount(tx, job.workspaceId, job.accountId);
  const currency = await currencyById(tx, account.currencyId);
  // Declined at confirm (adjust_opening_balance false): no adjustment, and the rows before the
  // opening date are booked all the same.
  const adjusting = job.adjustOpeningBalance !== false && account.openingBalanceDate !== null;
  const openingDay = account.openingBalanceDate ? dateToDay(account.openingBalanceDate) : null;
  const [counts] = await tx.prisma.$queryRawUnsafe<Array<{ duplicates: number; invalid: number; early: number }>>(
    `SELECT count(*) FILTER (WHERE ${field("state")} = 'duplicate')::int AS duplicates,
            count(*) FILTER (WHERE ${field("state")} = 'invalid')::int AS invalid,
            count(*) FILTER (WHERE ${BOOKABLE} AND ${field("date")} < $2)::int AS early
       FROM import_jobs j CROSS JOIN LATERAL jsonb_array_elements(j.preview) AS r(value)
      WHERE j.id = $1::uuid`,
    job.id,
    openingDay ?? "",
  );
  // The bookable rows' days and amounts, read only when some are dated before the opening date
  // (the adjustment needs them then); an import of 100k later rows does not carry them into JS.
  const bookable =
    adjusting && (counts?.early ?? 0) > 0
      ? await tx.prisma.$queryRawUnsafe<Array<{ date: string; amount: string }>>(
          `SELECT ${field("date")} AS date, ${field("amount")} AS amount ${BOOKABLE_ROWS}`,
          job.id,
        )
      : [];
  const duplicatesSkipped = (counts?.duplicates ?? 0) - (job.skipDuplicates === false ? (counts?.duplicates ?? 0) : 0);

  // Recomputed now: the account may have changed since the preview was made.
  const closing =
    (job.parseOptions as { closing_balance?: { amount: string; date: string } | null }).closing_balance ?? null;
  const final = adjusting
    ? await planOpeningAdjustment(tx, openingAccountOf(account, currency), bookable, closing)
    : null;

  // One INSERT ... SELECT from the stored preview: the rows never pass through JS.
  const inserted = await tx.prisma.$executeRawUnsafe(
    `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description,
                               counterparty, category_id, external_id, import_job_id, created_by_user_id, updated_at)
     SELECT gen_random_uuid(), j.workspace_id, j.account_id, $2::uuid,
            (CASE WHEN (${field("amount")})::numeric < 0 THEN 'expense' ELSE 'income' END)::"TransactionType",
            (${field("date")})::date, (${field("amount")})::numeric,
            COALESCE(NULLIF(${field("description")}, ''), NULLIF(${field("counterparty")}, ''), '(no description)'),
            ${field("counterparty")}, (${field("category_id")})::uuid, ${field("external_id")}, j.id, j.created_by_user_id, now()
     ${BOOKABLE_ROWS}`,
    job.id,
    account.currencyId,
  );
  if (final) {
    await tx.prisma.account.update({
      where: { id: account.id },
      data: {
        openingBalance: final.new_opening_balance,
        openingBalanceDate: dayToDate(final.new_opening_balance_date),
      },
    });
  }
  const completed = await tx.prisma.importJob.updateMany({
    where: { id: job.id, status: "processing", lockedAt: claimed.locked_at },
    data: {
      status: "completed",
      completedAt: new Date(),
      lockedAt: null,
      importedCount: inserted,
      skippedCount: duplicatesSkipped,
      skippedExistingCount: duplicatesSkipped,
      errorCount: counts?.invalid ?? 0,
      openingBalanceAdjusted: (final ? [final] : []) as unknown as Prisma.InputJsonValue,
    },
  });
  if (completed.count !== 1) throw new Error(`import ${job.id} was claimed by another worker`);
  logger.info(
    { importJobId: job.id, imported: inserted, skipped: duplicatesSkipped, attempt: claimed.attempts },
    "import completed",
  );
}
