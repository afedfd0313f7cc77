import type { Database, Db } from "../db";
import { bookImport, type ImportClaim } from "../domain/imports/book-import";
import { classifyDatabaseFailure } from "../db/errors";
import { refreshStatisticsAfterWrites } from "../db/embedded-statistics";
import { emitWebhookEvent } from "../domain/webhooks/events";
import { env } from "../env";
import { logger } from "../logger";
import { startJobLoop, type JobLoop } from "./job-loop";

/**
 * Books confirmed imports (the booking itself: server/domain/imports/book-import.ts). A job is claimed with FOR UPDATE SKIP LOCKED (so several instances
 * never take the same one), then all its transactions, the opening balance change and the
 * `completed` status commit in one database transaction, which holds an advisory lock on the job
 * for as long as it runs. The lock dies with its connection: when the booking process is killed,
 * another instance sees the lock free and takes the job over within seconds (TAKEOVER_AFTER_MS
 * after the claim at the earliest); since nothing of the first attempt committed, it completes
 * exactly once. CLAIM_TIMEOUT stays as the backstop for a worker alive but stuck.
 */

const CLAIM_TIMEOUT_MS = 5 * 60 * 1000;
/** A claimed job's booking takes its lock within this time (a pool connection may be slow to come): 15 s. */
const TAKEOVER_AFTER_MS = env.PFA_TEST_TAKEOVER_AFTER_MS;
/** A live worker waiting for a connection gives up before its job looks abandoned. */
const CONNECTION_WAIT_MS = Math.min(10_000, TAKEOVER_AFTER_MS - 1_000);
const MAX_ATTEMPTS = 3;

/** The advisory lock namespace of import jobs (the second key is the job id's hash). */
const JOB_LOCK_CLASS = 7_242_001;

interface Claimed extends ImportClaim {
  /** The job was `processing` under a worker that is gone. */
  taken_over: boolean;
}

/** Claims the next job to book. Times are the database's, so the clocks of the instances' machines do not matter. */
export async function claimNextImport(db: Db): Promise<Claimed | null> {
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

/** Books the claimed job in one transaction that holds the job's lock for as long as it runs. */
async function bookClaimed(db: Db, claimed: Claimed): Promise<void> {
  await db.transaction(
    async (tx) => {
      // Held until this transaction ends, however it ends: while it is held, nobody takes the job over.
      await tx.prisma.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${JOB_LOCK_CLASS}, hashtext($1))`, claimed.id);
      if (env.PFA_TEST_BOOKING_DELAY_MS > 0)
        await new Promise((resolve) => setTimeout(resolve, env.PFA_TEST_BOOKING_DELAY_MS));
      await bookImport(tx, claimed);
    },
    { timeout: 300_000, maxWait: CONNECTION_WAIT_MS },
  );
}

async function failOrRetry(db: Db, claimed: Claimed, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const finalAttempt = claimed.attempts >= MAX_ATTEMPTS;
  const errorMessage = `The transactions could not be created: ${message}`;
  await db.transaction(async (tx) => {
    const settled = await tx.prisma.importJob.updateMany({
      where: { id: claimed.id, status: "processing", lockedAt: claimed.locked_at },
      data: finalAttempt ? { status: "failed", lockedAt: null, errorMessage } : { status: "queued", lockedAt: null },
    });
    if (!finalAttempt || settled.count !== 1) return;
    const job = await tx.prisma.importJob.findUniqueOrThrow({
      where: { id: claimed.id },
      select: { workspaceId: true, accountId: true },
    });
    await emitWebhookEvent(tx, job.workspaceId, "import.failed", {
      import_id: claimed.id,
      account_id: job.accountId,
      error_message: errorMessage,
    });
  });
  const unreachable = classifyDatabaseFailure(error) === "unavailable";
  logger[unreachable ? "warn" : "error"](
    { err: error, importJobId: claimed.id, attempt: claimed.attempts },
    "import booking failed",
  );
}

/** Books every waiting import (until `stopping()` says to stop); returns how many were completed. */
export async function drainImports(db: Db, stopping: () => boolean = () => false): Promise<number> {
  let completed = 0;
  for (
    let claimed = stopping() ? null : await claimNextImport(db);
    claimed;
    claimed = stopping() ? null : await claimNextImport(db)
  ) {
    try {
      await bookClaimed(db, claimed);
      completed += 1;
    } catch (error) {
      await failOrRetry(db, claimed, error);
    }
  }
  // The embedded database has no autovacuum: the next upload's queries plan with the booked rows counted.
  if (completed > 0) await refreshStatisticsAfterWrites(db, "imports booked");
  return completed;
}

const globalForWorker = globalThis as unknown as { importWorker?: JobLoop };

/** Starts the polling loop of this process (once); `kick()` runs it at once after a confirm. */
export function startImportWorker(getDb: () => Promise<Database>): JobLoop {
  globalForWorker.importWorker ??= startJobLoop("import worker pass", getDb, drainImports);
  return globalForWorker.importWorker;
}

export function kickImportWorker(): void {
  globalForWorker.importWorker?.kick();
}

/** Stops this process's worker (graceful shutdown); settles at once when none runs. */
export function stopImportWorker(): Promise<void> {
  return globalForWorker.importWorker?.stop() ?? Promise.resolve();
}
