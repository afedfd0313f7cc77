import type { Database, Db } from "../db";
import { refreshEmbeddedStatistics } from "../db/embedded-statistics";
import { pruneApplicationChanges } from "../domain/categorisation/rule-applications";
import { pruneDataChanges } from "../domain/data-version/data-version";
import { pruneImportFiles } from "../domain/imports/import-file";
import { pruneStagedValues } from "../domain/imports/import-staging";
import { purgeSyncDeletions } from "../domain/sync/sync-token";
import { purgeDeletedTransactions } from "../domain/transactions/deleted-transactions";
import { foldTallies } from "../domain/transactions/tallies";
import { pruneWebhookHistory } from "../domain/webhooks/deliveries";
import { logger } from "../logger";
import { createPassLog } from "./pass-log";

const INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PASS_DELAY_MS = 60 * 1000;
/** Insight lists not refreshed for a day belong to periods or account filters nobody asks for now. */
const STALE_INSIGHTS_MS = 24 * 60 * 60 * 1000;

/** Housekeeping of tables that only grow otherwise. Safe to run on several instances at once. */
export async function runMaintenance(
  db: Db,
  now = new Date(),
): Promise<{
  dataChanges: number;
  insightCaches: number;
  importFiles: number;
  stagedImports: number;
  deletedTransactions: number;
  ruleApplicationChanges: number;
  syncDeletions: number;
  transactionTallies: number;
  webhookEvents: number;
  /** Tables of the embedded database vacuumed and analysed (it has no autovacuum); 0 on a server. */
  statistics: number;
}> {
  const dataChanges = await pruneDataChanges(db, now);
  const { count: insightCaches } = await db.prisma.insightCache.deleteMany({
    where: { nextRefreshAt: { lt: new Date(now.getTime() - STALE_INSIGHTS_MS) } },
  });
  const importFiles = await pruneImportFiles(db, now);
  const stagedImports = await pruneStagedValues(db, now);
  // Undo copies of workspaces that delete nothing more (each delete purges its own workspace's).
  const deletedTransactions = await purgeDeletedTransactions(db, now);
  const ruleApplicationChanges = await pruneApplicationChanges(db, now);
  // Deleted rows a "since" read reports, older than the 90 days they are kept.
  const syncDeletions = await purgeSyncDeletions(db, now);
  // One row per account, category and type again, from the rows each write appended.
  const transactionTallies = await foldTallies(db);
  // Webhook events whose deliveries ended a month ago; marks of budget periods and insights long past.
  const webhookEvents = await pruneWebhookHistory(db, now);
  // Last: what the pruning above deleted is vacuumed with the rest.
  const statistics = (await refreshEmbeddedStatistics(db, { vacuum: true })).length;
  return {
    dataChanges,
    insightCaches,
    importFiles,
    stagedImports,
    deletedTransactions,
    ruleApplicationChanges,
    syncDeletions,
    transactionTallies,
    webhookEvents,
    statistics,
  };
}

const globalForMaintenance = globalThis as unknown as { maintenance?: { stop(): void } };

/** Runs the housekeeping of this process every hour (once per process). */
export function startMaintenance(getDb: () => Promise<Database>): void {
  if (globalForMaintenance.maintenance) return;
  const passes = createPassLog("maintenance pass");
  const run = async () => {
    try {
      const deleted = await runMaintenance(await getDb());
      passes.succeeded();
      logger.info({ deleted }, "maintenance pass");
    } catch (error) {
      passes.failed(error);
    }
  };
  // A first pass soon after start, so instances restarted more often than hourly still clean up.
  const first = setTimeout(run, FIRST_PASS_DELAY_MS);
  const hourly = setInterval(run, INTERVAL_MS);
  first.unref();
  hourly.unref();
  globalForMaintenance.maintenance = {
    stop: () => {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}

/** No further passes (graceful shutdown; a pass under way is housekeeping, safe to cut). */
export function stopMaintenance(): void {
  globalForMaintenance.maintenance?.stop();
}
