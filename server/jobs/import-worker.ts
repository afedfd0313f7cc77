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
 * `completed` status commit in one database transaction, which holds an advisory lock on the job
 * for as long as it runs. The lock dies with its connection: when the booking process is killed,
 * another instance sees the lock free and takes the job over within seconds (TAKEOVER_AFTER_MS
 * after the claim at the earliest); since nothing of the first attempt committed, it completes
 * exactly once. CLAIM_TIMEOUT stays as the backstop for a worker alive but stuck.
 */

export const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
/** A claimed job's booking takes its lock within this time (a pool connection may be slow to come). */
export const TAKEOVER_AFTER_MS = 15_000;
export const MAX_ATTEMPTS = 3;
/**
 * Tests only (tests/http/instances.test.ts): the booking waits this long once it holds the job's
 * lock, so a test can kill or stop the process while a booking is under way.
 */
const TEST_BOOKING_DELAY_MS = Number(process.env.PFA_TEST_BOOKING_DELAY_MS ?? 0) || 0;

/** The advisory lock namespace of import jobs (the second key is the job id's hash). */
const JOB_LOCK_CLASS = 7_242_001;

interface Claimed {
  id: string;
  locked_at: Date;
  attempts: number;
  /** The job was `processing` under a worker that is gone. */
  taken_over: boolean;
}

/** Claims the next job to book. Times are the database's, so the clocks of the instances' machines do not matter. */
export async function claimNextImport(db: Database): Promise<Claimed | null> {
  const rows = await db.sql.query<Claimed>(
    `WITH candidate AS (
       SELECT id, status = 'processing' AS taken_over FROM import_jobs
        WHERE status = 'queued'
           OR (status = 'processing'
               AND (locked_at < now() - make_interval(secs => $1)
                    OR (locked_at < now() - make_interval(secs => $2)
                        AND pg_try_advisory_xact_lock(${JOB_LOCK_CLASS}, hashtext(id::text)))))
        ORDER BY queued_at NULLS LAST, created_at
        FOR UPDATE SKIP LOCKED LIMIT 1)
     UPDATE import_jobs j SET status = 'processing', locked_at = now(), attempts = j.attempts + 1, updated_at = now()
       FROM candidate c WHERE j.id = c.id
     RETURNING j.id, j.locked_at, j.attempts, c.taken_over`,
    [CLAIM_TIMEOUT_MS / 1000, TAKEOVER_AFTER_MS / 1000],
  );
  const claimed = rows[0] ?? null;
  if (claimed) {
    const fields = { importJobId: claimed.id, attempt: claimed.attempts };
    if (claimed.taken_over) logger.warn(fields, "import taken over: the worker that was booking it is gone");
    else logger.info(fields, "import claimed");
  }
  return claimed;
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
      // Held until this transaction ends, however it ends: while it is held, nobody takes the job over.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${JOB_LOCK_CLASS}, hashtext($1))`, claimed.id);
      if (TEST_BOOKING_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, TEST_BOOKING_DELAY_MS));
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
      logger.info({ importJobId: job.id, imported: inserted, skipped: duplicatesSkipped, attempt: claimed.attempts }, "import completed");
    },
    // maxWait stays under TAKEOVER_AFTER_MS: a live worker waiting for a connection gives up before its job looks abandoned.
    { timeout: 300_000, maxWait: 10_000 },
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

/** Books every waiting import (until `stopping()` says to stop); returns how many were completed. */
export async function drainImports(db: Database, stopping: () => boolean = () => false): Promise<number> {
  let completed = 0;
  for (let claimed = stopping() ? null : await claimNextImport(db); claimed; claimed = stopping() ? null : await claimNextImport(db)) {
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

interface ImportWorker {
  kick(): void;
  /** Takes no new job, and settles when the job being booked (if any) is done. */
  stop(): Promise<void>;
}

const globalForWorker = globalThis as unknown as { importWorker?: ImportWorker };

/** Starts the polling loop of this process (once); `kick()` runs it at once after a confirm. */
export function startImportWorker(getDb: () => Promise<Database>): ImportWorker {
  if (globalForWorker.importWorker) return globalForWorker.importWorker;
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const passes = createPassLog("import worker pass");
  const loop = async () => {
    try {
      do {
        again = false;
        await drainImports(await getDb(), () => stopped);
      } while (again && !stopped);
      passes.succeeded();
    } catch (error) {
      passes.failed(error);
    } finally {
      current = null;
    }
  };
  const run = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = loop();
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  globalForWorker.importWorker = {
    kick: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
  return globalForWorker.importWorker;
}

export function kickImportWorker(): void {
  globalForWorker.importWorker?.kick();
}

/** Stops this process's worker (graceful shutdown); settles at once when none runs. */
export function stopImportWorker(): Promise<void> {
  return globalForWorker.importWorker?.stop() ?? Promise.resolve();
}
