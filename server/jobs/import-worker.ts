import type { Database } from "../db";
import type { Prisma } from "../db/generated/prisma/client";
import { importAccount } from "../domain/imports/create-import";
import { planOpeningAdjustment } from "../domain/imports/opening-balance";
import { currencyById } from "../domain/money/currencies";
import { Decimal } from "../domain/money/money";
import { dayToDate } from "../domain/time/calendar";
import { classifyDatabaseFailure } from "../db/errors";
import { logger } from "../logger";
import { createPassLog } from "./pass-log";

/**
 * Books confirmed imports. A job is claimed with FOR UPDATE SKIP LOCKED (so several instances
 * never take the same one), then all its transactions, the opening balance change and the
 * `completed` status commit in one database transaction. A job whose worker died stays
 * `processing`; after CLAIM_TIMEOUT it is claimed again, and since nothing of the first attempt
 * committed it completes exactly once.
 */

export const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 3;

interface Claimed {
  id: string;
  locked_at: Date;
  attempts: number;
}

export async function claimNextImport(db: Database, now = new Date()): Promise<Claimed | null> {
  const rows = await db.sql.query<Claimed>(
    `UPDATE import_jobs SET status = 'processing', locked_at = $1, attempts = attempts + 1, updated_at = $1
      WHERE id = (
        SELECT id FROM import_jobs
         WHERE status = 'queued' OR (status = 'processing' AND locked_at < $2)
         ORDER BY queued_at NULLS LAST, created_at
         FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id, locked_at, attempts`,
    [now, new Date(now.getTime() - CLAIM_TIMEOUT_MS)],
  );
  return rows[0] ?? null;
}

/** The preview rows a job books, read in SQL so a large preview never becomes JS objects. */
const BOOKABLE_ROWS = `
  FROM import_jobs j
  CROSS JOIN LATERAL jsonb_to_recordset(j.preview) AS r("row" int, date text, amount text, description text,
       counterparty text, category_id text, external_id text, state text)
  WHERE j.id = $1::uuid
    AND (r.state IN ('new', 'pre_opening') OR (r.state = 'duplicate' AND j.skip_duplicates = false))`;

/** Creates the job's transactions and completes it, all or nothing. */
export async function bookImport(db: Database, claimed: Claimed): Promise<void> {
  await db.prisma.$transaction(
    async (tx) => {
      const job = await tx.importJob.findUniqueOrThrow({ where: { id: claimed.id }, omit: { preview: true } });
      const account = await importAccount(tx, job.workspaceId, job.accountId);
      const currency = await currencyById(tx, account.currencyId);
      const [counts] = await tx.$queryRawUnsafe<Array<{ duplicates: number; invalid: number }>>(
        `SELECT count(*) FILTER (WHERE r.state = 'duplicate')::int AS duplicates,
                count(*) FILTER (WHERE r.state = 'invalid')::int AS invalid
           FROM import_jobs j CROSS JOIN LATERAL jsonb_to_recordset(j.preview) AS r(state text)
          WHERE j.id = $1::uuid`,
        job.id,
      );
      const bookable = await tx.$queryRawUnsafe<Array<{ date: string; amount: string }>>(`SELECT r.date, r.amount ${BOOKABLE_ROWS}`, job.id);
      const duplicatesSkipped = (counts?.duplicates ?? 0) - (job.skipDuplicates === false ? counts?.duplicates ?? 0 : 0);

      // Recomputed now: the account may have changed since the preview was made. Declined at confirm
      // (adjust_opening_balance false): no adjustment, and the rows before the opening date are booked all the same.
      const closing = (job.parseOptions as { closing_balance?: { amount: string; date: string } | null }).closing_balance ?? null;
      const final = job.adjustOpeningBalance === false ? null : await planOpeningAdjustment(
        tx,
        {
          id: account.id,
          name: account.wallet.name,
          currencyCode: currency.code,
          decimalPlaces: currency.decimalPlaces,
          openingBalance: new Decimal(account.openingBalance.toString()),
          openingBalanceDate: account.openingBalanceDate,
        },
        bookable,
        closing,
      );

      // One INSERT ... SELECT from the stored preview: the rows never pass through JS.
      const inserted = await tx.$executeRawUnsafe(
        `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description,
                                   counterparty, category_id, external_id, import_job_id, created_by_user_id, updated_at)
         SELECT gen_random_uuid(), j.workspace_id, j.account_id, $2::uuid,
                (CASE WHEN r.amount::numeric < 0 THEN 'expense' ELSE 'income' END)::"TransactionType",
                r.date::date, r.amount::numeric,
                COALESCE(NULLIF(r.description, ''), NULLIF(r.counterparty, ''), '(no description)'),
                r.counterparty, r.category_id::uuid, r.external_id, j.id, j.created_by_user_id, now()
         ${BOOKABLE_ROWS}`,
        job.id,
        account.currencyId,
      );
      if (final) {
        await tx.account.update({
          where: { id: account.id },
          data: { openingBalance: final.new_opening_balance, openingBalanceDate: dayToDate(final.new_opening_balance_date) },
        });
      }
      const completed = await tx.importJob.updateMany({
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
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}

async function failOrRetry(db: Database, claimed: Claimed, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const finalAttempt = claimed.attempts >= MAX_ATTEMPTS;
  await db.prisma.importJob.updateMany({
    where: { id: claimed.id, status: "processing", lockedAt: claimed.locked_at },
    data: finalAttempt
      ? { status: "failed", lockedAt: null, errorMessage: `The transactions could not be created: ${message}` }
      : { status: "queued", lockedAt: null },
  });
  const unreachable = classifyDatabaseFailure(error) === "unavailable";
  logger[unreachable ? "warn" : "error"]({ err: error, importJobId: claimed.id, attempt: claimed.attempts }, "import booking failed");
}

/** Books every waiting import; returns how many were completed. */
export async function drainImports(db: Database): Promise<number> {
  let completed = 0;
  for (let claimed = await claimNextImport(db); claimed; claimed = await claimNextImport(db)) {
    try {
      await bookImport(db, claimed);
      completed += 1;
    } catch (error) {
      await failOrRetry(db, claimed, error);
    }
  }
  return completed;
}

const POLL_MS = 2_000;
const globalForWorker = globalThis as unknown as { importWorker?: { kick(): void } };

/** Starts the polling loop of this process (once); `kick()` runs it at once after a confirm. */
export function startImportWorker(getDb: () => Promise<Database>): { kick(): void } {
  if (globalForWorker.importWorker) return globalForWorker.importWorker;
  let running = false;
  let again = false;
  const passes = createPassLog("import worker pass");
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await drainImports(await getDb());
      } while (again);
      passes.succeeded();
    } catch (error) {
      passes.failed(error);
    } finally {
      running = false;
    }
  };
  setInterval(run, POLL_MS).unref();
  globalForWorker.importWorker = { kick: () => void run() };
  return globalForWorker.importWorker;
}

export function kickImportWorker(): void {
  globalForWorker.importWorker?.kick();
}
