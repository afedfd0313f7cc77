/**
 * Start-up of a server process: the database brought up to date (server/db/startup.ts), the
 * background jobs, the rate-limit store; a failure here stops the start with the reason.
 */
import { getDatabase } from "./db";
import { prepareDatabase, type PreparedDatabase } from "./db/startup";
import { env } from "./env";
import { startImportWorker } from "./jobs/import-worker";
import { startMaintenance } from "./jobs/maintenance";
import { startRuleApplicationWorker } from "./jobs/rule-application-worker";
import { startWebhookWorker } from "./jobs/webhook-worker";
import { logger } from "./logger";
import { connectRateLimiters } from "./rate-limit";

const globalForStartup = globalThis as unknown as { processDatabasePrepared?: Promise<PreparedDatabase> };

/**
 * Once per process: the production server (server/http/serve.ts) and Next's instrumentation both ask for it, from
 * separately loaded copies of this module, and share the one run through globalThis.
 */
export function prepareProcessDatabase(): Promise<PreparedDatabase> {
  globalForStartup.processDatabasePrepared ??= prepareOnce();
  return globalForStartup.processDatabasePrepared;
}

async function prepareOnce(): Promise<PreparedDatabase> {
  const db = await getDatabase();
  let prepared: PreparedDatabase;
  try {
    prepared = await prepareDatabase(db, { seedOnEmpty: env.SEED_ON_EMPTY, log: (message) => logger.info(message) });
  } catch (error) {
    logger.fatal({ err: error }, "database preparation failed");
    throw error;
  }
  // Imports confirmed before a restart (or by a crashed instance) are booked from here on.
  startImportWorker(getDatabase);
  startRuleApplicationWorker(getDatabase);
  startWebhookWorker(getDatabase);
  startMaintenance(getDatabase);
  // Shared rate-limit counters are connected before the first request is served.
  await connectRateLimiters();
  return prepared;
}
