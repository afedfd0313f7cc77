/**
 * The background side of applying rules (jobs/rule-application-worker.ts runs it): an application
 * or undo is claimed by one instance at a time and worked through in batches, each one database
 * transaction that changes its transactions, records what they had, and moves the cursor.
 */
import type { Db } from "../../db";
import { compileRules, type RunnableRule } from "./categoriser";
import { APPLICATION_BATCH_SIZE, candidates, changesOf, type ApplyRulesRequest } from "./rule-matching";

/** A claimed application is worked on; one without a batch for this long is taken over. */
const CLAIM_STALE_MS = 60_000;
const MAX_ATTEMPTS = 3;

interface Claimed {
  id: string;
  workspace_id: string;
  status: "queued" | "running" | "undoing";
  attempts: number;
}

/** Claims the next application to work on (several instances never take the same one while it is alive). */
export async function claimApplication(db: Db): Promise<Claimed | null> {
  const rows = await db.sql.query<Claimed>(
    `WITH candidate AS (
       SELECT id FROM rule_applications
        WHERE status IN ('queued', 'running', 'undoing')
          AND (locked_at IS NULL OR locked_at < now() - make_interval(secs => $1))
        ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
     UPDATE rule_applications a
        SET status = CASE WHEN a.status = 'queued' THEN 'running' ELSE a.status END,
            locked_at = now(), attempts = a.attempts + 1, updated_at = now()
       FROM candidate c WHERE a.id = c.id
     RETURNING a.id, a.workspace_id, a.status, a.attempts`,
    [CLAIM_STALE_MS / 1000],
  );
  return rows[0] ?? null;
}

/** One batch of a running application, in one transaction; false when there was nothing left (now completed). */
async function applyBatch(tx: Db, id: string): Promise<boolean> {
  const [application] = await tx.prisma.$queryRaw<
    Array<{ workspace_id: string; request: ApplyRulesRequest; rules: RunnableRule[]; resume_after: string | null }>
  >`SELECT workspace_id::text, request, rules, resume_after FROM rule_applications WHERE id = ${id}::uuid AND status = 'running' FOR UPDATE`;
  if (!application) return false;
  const rows = await candidates(
    tx,
    application.workspace_id,
    application.request,
    application.resume_after,
    APPLICATION_BATCH_SIZE,
  );
  if (rows.length === 0) {
    await tx.prisma
      .$executeRaw`UPDATE rule_applications SET status = 'completed', finished_at = now(), locked_at = NULL, updated_at = now()
                          WHERE id = ${id}::uuid`;
    return false;
  }
  const changes = changesOf(compileRules(application.rules), rows);
  let changed = 0;
  if (changes.length > 0) {
    // Only rows still as they were read are changed (the batch holds their locks from here on).
    changed = await tx.prisma.$executeRaw`
      WITH wanted AS (
        SELECT * FROM unnest(${changes.map((c) => c.transaction_id)}::uuid[], ${changes.map((c) => c.rule_id)}::uuid[],
                             ${changes.map((c) => c.from_category_id)}::uuid[], ${changes.map((c) => c.to_category_id)}::uuid[],
                             ${changes.map((c) => c.from_counterparty)}::text[], ${changes.map((c) => c.to_counterparty)}::text[])
               AS w(id, rule_id, from_category, to_category, from_counterparty, to_counterparty)),
      changed AS (
        -- A reconciled transaction keeps the counterparty its statement gave (the lock); its category is set.
        UPDATE transactions t
           SET category_id = w.to_category,
               counterparty = CASE WHEN t.reconciled THEN t.counterparty ELSE w.to_counterparty END,
               updated_at = now()
          FROM wanted w
         WHERE t.id = w.id AND t.category_id IS NOT DISTINCT FROM w.from_category
           AND t.counterparty IS NOT DISTINCT FROM w.from_counterparty
        RETURNING t.id, w.rule_id, w.from_category, w.to_category, w.from_counterparty, t.counterparty AS to_counterparty)
      INSERT INTO rule_application_changes (application_id, transaction_id, rule_id, previous_category_id, category_id,
                                            previous_counterparty, counterparty, counterparty_changed)
      SELECT ${id}::uuid, id, rule_id, from_category, to_category, from_counterparty, to_counterparty,
             from_counterparty IS DISTINCT FROM to_counterparty
        FROM changed`;
  }
  const last = rows[rows.length - 1]!;
  await tx.prisma.$executeRaw`
    UPDATE rule_applications
       SET resume_after = ${`${last.date}|${last.id}`}, examined_count = examined_count + ${rows.length},
           changed_count = changed_count + ${changed}, locked_at = now(), updated_at = now()
     WHERE id = ${id}::uuid`;
  return true;
}

/** One batch of an undo, in one transaction; false when every change was visited (now undone). */
async function undoBatch(tx: Db, id: string): Promise<boolean> {
  const [application] = await tx.prisma.$queryRaw<Array<{ resume_after: string | null }>>`
    SELECT resume_after FROM rule_applications WHERE id = ${id}::uuid AND status = 'undoing' FOR UPDATE`;
  if (!application) return false;
  const batch = await tx.prisma.$queryRaw<Array<{ transaction_id: string }>>`
    SELECT transaction_id::text FROM rule_application_changes
     WHERE application_id = ${id}::uuid AND (${application.resume_after}::uuid IS NULL OR transaction_id > ${application.resume_after}::uuid)
     ORDER BY transaction_id LIMIT ${APPLICATION_BATCH_SIZE}`;
  if (batch.length === 0) {
    await tx.prisma
      .$executeRaw`UPDATE rule_applications SET status = 'undone', undone_at = now(), locked_at = NULL, updated_at = now()
                          WHERE id = ${id}::uuid`;
    return false;
  }
  const ids = batch.map((row) => row.transaction_id);
  // A transaction changed again since the application keeps its newer category (counted as kept).
  await tx.prisma.$executeRaw`
    UPDATE transactions t
       SET category_id = c.previous_category_id,
           counterparty = CASE WHEN c.counterparty_changed AND NOT t.reconciled THEN c.previous_counterparty
                               ELSE t.counterparty END,
           updated_at = now()
      FROM rule_application_changes c
     WHERE c.application_id = ${id}::uuid AND c.transaction_id = ANY(${ids}::uuid[]) AND t.id = c.transaction_id
       AND t.category_id IS NOT DISTINCT FROM c.category_id
       AND (NOT c.counterparty_changed OR t.counterparty IS NOT DISTINCT FROM c.counterparty)`;
  // Counted after the update, so rows an earlier attempt of this undo put back count as restored too.
  const [{ restored }] = await tx.prisma.$queryRaw<[{ restored: number }]>`
    SELECT count(*)::int AS restored FROM rule_application_changes c JOIN transactions t ON t.id = c.transaction_id
     WHERE c.application_id = ${id}::uuid AND c.transaction_id = ANY(${ids}::uuid[])
       AND t.category_id IS NOT DISTINCT FROM c.previous_category_id
       AND (NOT c.counterparty_changed OR t.counterparty IS NOT DISTINCT FROM c.previous_counterparty)`;
  await tx.prisma.$executeRaw`
    UPDATE rule_applications
       SET resume_after = ${ids[ids.length - 1]}, restored_count = restored_count + ${restored},
           kept_count = kept_count + ${ids.length - restored}, locked_at = now(), updated_at = now()
     WHERE id = ${id}::uuid`;
  return true;
}

/** Works the claimed application to its end, batch by batch (until `stopping()`); a failure retries, then fails it. */
export async function runClaimedApplication(
  db: Db,
  claimed: Claimed,
  stopping: () => boolean = () => false,
): Promise<void> {
  const batch = claimed.status === "undoing" ? undoBatch : applyBatch;
  try {
    while (!stopping()) {
      const more = await db.transaction((tx) => batch(tx, claimed.id), { timeout: 120_000, maxWait: 10_000 });
      if (!more) return;
    }
    // Stopping: another instance (or this one after its restart) resumes from the cursor.
    await db.prisma.ruleApplication.updateMany({ where: { id: claimed.id }, data: { lockedAt: null } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = claimed.attempts >= MAX_ATTEMPTS;
    await db.prisma.ruleApplication.updateMany({
      where: { id: claimed.id, status: claimed.status === "queued" ? "running" : claimed.status },
      data: final
        ? claimed.status === "undoing"
          ? { status: "completed", lockedAt: null, errorMessage: `The undo stopped: ${message}` }
          : { status: "failed", lockedAt: null, finishedAt: new Date(), errorMessage: message }
        : { lockedAt: null },
    });
    throw error;
  }
}
