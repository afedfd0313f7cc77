/**
 * Applies categorisation rules to existing transactions, and undoes applications, in the
 * background (the work itself: server/domain/categorisation/rule-applications.ts). Every server
 * process runs one loop; an application is claimed by one instance at a time, and one whose
 * instance stopped sending batches is taken over from its cursor.
 */
import type { Database, Db } from "../db";
import { claimApplication, runClaimedApplication } from "../domain/categorisation/application-batches";
import { refreshStatisticsAfterWrites } from "../db/embedded-statistics";
import { logger } from "../logger";
import { startJobLoop, type JobLoop } from "./job-loop";

/** Works every waiting application to its end (until `stopping()`); returns how many it worked on. */
export async function drainRuleApplications(db: Db, stopping: () => boolean = () => false): Promise<number> {
  let worked = 0;
  for (let claimed = stopping() ? null : await claimApplication(db); claimed;) {
    try {
      await runClaimedApplication(db, claimed, stopping);
    } catch (error) {
      logger.error({ err: error, ruleApplicationId: claimed.id, attempt: claimed.attempts }, "rule application failed");
    }
    worked += 1;
    claimed = stopping() ? null : await claimApplication(db);
  }
  if (worked > 0) await refreshStatisticsAfterWrites(db, "rules applied");
  return worked;
}

const globalForWorker = globalThis as unknown as { ruleApplicationWorker?: JobLoop };

export function startRuleApplicationWorker(getDb: () => Promise<Database>): JobLoop {
  globalForWorker.ruleApplicationWorker ??= startJobLoop("rule application pass", getDb, drainRuleApplications);
  return globalForWorker.ruleApplicationWorker;
}

/** Runs this process's loop now (after an application or an undo was started). */
export function kickRuleApplications(): void {
  globalForWorker.ruleApplicationWorker?.kick();
}

export function stopRuleApplicationWorker(): Promise<void> {
  return globalForWorker.ruleApplicationWorker?.stop() ?? Promise.resolve();
}
