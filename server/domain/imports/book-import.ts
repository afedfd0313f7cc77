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
import { dayToDate } from "../time/calendar";
import { importAccount } from "./import-target";
import { openingAccountOf, planOpeningAdjustment, type OpeningAdjustment } from "./opening-balance";
import type { StatementBalance } from "./parsers/types";
import { previewText } from "./stored-preview";
import { emitWebhookEvent } from "../webhooks/events";

/** The claim a booking belongs to: the job, the time it was claimed (the completion checks it) and the attempt. */
export interface ImportClaim {
  id: string;
  locked_at: Date;
  attempts: number;
}

const field = (name: Parameters<typeof previewText>[1]) => previewText("r.value", name);

/** A stored row the job books: new and pre-opening ones, and duplicates unless they are skipped. */
const BOOKABLE = `(${field("state")} IN ('new', 'pre_opening') OR (${field("state")} = 'duplicate' AND j.skip_duplicates = false))`;

/** A stored row's account: the job's own, or its statement's in a file of several. */
const ROW_ACCOUNT = `COALESCE((${field("account_id")})::uuid, j.account_id)`;

/** The stored rows of the job, each with its account `a` (checked to exist before the rows are booked). */
const ROWS_WITH_ACCOUNTS = `
  FROM import_jobs j
  CROSS JOIN LATERAL jsonb_array_elements(j.preview) AS r(value)
  LEFT JOIN accounts a ON a.id = ${ROW_ACCOUNT} AND a.workspace_id = j.workspace_id
  WHERE j.id = $1::uuid`;

/** The preview rows a job books, read in SQL so a large preview never becomes JS objects (layout: stored-preview.ts). */
const BOOKABLE_ROWS = `${ROWS_WITH_ACCOUNTS} AND ${BOOKABLE}`;

interface StoredClosings {
  closing_balance?: StatementBalance | null;
  closing_balances?: Record<string, StatementBalance | null>;
}

/** Creates the job's transactions and completes it; all or nothing with the caller's transaction. */
export async function bookImport(tx: Db, claimed: ImportClaim): Promise<void> {
  const job = await tx.prisma.importJob.findUniqueOrThrow({ where: { id: claimed.id }, omit: { preview: true } });
  const perAccount = await tx.prisma.$queryRawUnsafe<
    Array<{ account_id: string; duplicates: number; invalid: number; early: number }>
  >(
    `SELECT (${ROW_ACCOUNT})::text AS account_id,
            count(*) FILTER (WHERE ${field("state")} = 'duplicate')::int AS duplicates,
            count(*) FILTER (WHERE ${field("state")} = 'invalid')::int AS invalid,
            count(*) FILTER (WHERE ${BOOKABLE} AND (${field("date")})::date < a.opening_balance_date)::int AS early
     ${ROWS_WITH_ACCOUNTS}
     GROUP BY 1`,
    job.id,
  );
  const duplicates = perAccount.reduce((sum, each) => sum + each.duplicates, 0);
  const invalid = perAccount.reduce((sum, each) => sum + each.invalid, 0);
  const duplicatesSkipped = job.skipDuplicates === false ? 0 : duplicates;
  const closings = job.parseOptions as StoredClosings;

  // Each account the rows go to: still an import target (else the job fails), and its opening
  // balance adjustment recomputed now, as the account may have changed since the preview was made.
  const earlyRows = new Map([
    [job.accountId, 0],
    ...perAccount.map((each): [string, number] => [each.account_id, each.early]),
  ]);
  const adjustments: OpeningAdjustment[] = [];
  for (const [accountId, early] of earlyRows) {
    const account = await importAccount(tx, job.workspaceId, accountId);
    // Declined at confirm (adjust_opening_balance false): no adjustment, and the rows before the
    // opening date are booked all the same.
    if (job.adjustOpeningBalance === false || account.openingBalanceDate === null || early === 0) continue;
    const currency = await currencyById(tx, account.currencyId);
    // The bookable rows' days and amounts, read only for an account some are dated before the
    // opening date of (the adjustment needs them then); 100k later rows never come into JS.
    const bookable = await tx.prisma.$queryRawUnsafe<Array<{ date: string; amount: string }>>(
      `SELECT ${field("date")} AS date, ${field("amount")} AS amount ${BOOKABLE_ROWS} AND a.id = $2::uuid`,
      job.id,
      account.id,
    );
    const closing =
      closings.closing_balances?.[account.id] ??
      (account.id === job.accountId ? (closings.closing_balance ?? null) : null);
    const adjustment = await planOpeningAdjustment(tx, openingAccountOf(account, currency), bookable, closing);
    if (adjustment) adjustments.push(adjustment);
  }

  // One INSERT ... SELECT from the stored preview: the rows never pass through JS. A statement's rows
  // are what the bank shows: booked cleared, ready to reconcile to its closing balance.
  const inserted = await tx.prisma.$executeRawUnsafe(
    `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description,
                               counterparty, category_id, external_id, import_job_id, cleared, created_by_user_id, updated_at)
     SELECT gen_random_uuid(), j.workspace_id, a.id, a.currency_id,
            (CASE WHEN (${field("amount")})::numeric < 0 THEN 'expense' ELSE 'income' END)::"TransactionType",
            (${field("date")})::date, (${field("amount")})::numeric,
            COALESCE(NULLIF(${field("description")}, ''), NULLIF(${field("counterparty")}, ''), '(no description)'),
            ${field("counterparty")}, (${field("category_id")})::uuid, ${field("external_id")}, j.id, true, j.created_by_user_id, now()
     ${BOOKABLE_ROWS}`,
    job.id,
  );
  for (const adjustment of adjustments) {
    await tx.prisma.account.update({
      where: { id: adjustment.account_id },
      data: {
        openingBalance: adjustment.new_opening_balance,
        openingBalanceDate: dayToDate(adjustment.new_opening_balance_date),
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
      errorCount: invalid,
      openingBalanceAdjusted: adjustments as unknown as Prisma.InputJsonValue,
    },
  });
  if (completed.count !== 1) throw new Error(`import ${job.id} was claimed by another worker`);
  await emitWebhookEvent(tx, job.workspaceId, "import.completed", {
    import_id: job.id,
    account_id: job.accountId,
    imported_count: inserted,
    skipped_count: duplicatesSkipped,
    error_count: invalid,
  });
  logger.info(
    { importJobId: job.id, imported: inserted, skipped: duplicatesSkipped, attempt: claimed.attempts },
    "import completed",
  );
}
