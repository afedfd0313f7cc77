import { ensureCurrencies, seedDemo } from "../../prisma/seed";
import { env } from "../env";
import { logger } from "../logger";
import type { Database } from "./client";
import { getDatabase } from "./index";
import { applyMigrations, readMigrations } from "./migrate";
import { startImportWorker } from "../jobs/import-worker";
import { startMaintenance } from "../jobs/maintenance";
import { connectRateLimiters } from "../rate-limit";

export interface PrepareOptions {
  seedOnEmpty: boolean;
  log?: (message: string) => void;
}

export interface PreparedDatabase {
  appliedMigrations: string[];
  seeded: boolean;
}

/** Brings a database up to date: pending migrations, reference data, and the demo when it is empty. */
export async function prepareDatabase(db: Database, { seedOnEmpty, log = () => undefined }: PrepareOptions): Promise<PreparedDatabase> {
  const migrations = await applyMigrations(db.sql, await readMigrations());
  for (const name of migrations.applied) log(`applied migration ${name}`);
  await ensureCurrencies(db);
  const seeded = seedOnEmpty && (await db.prisma.user.count()) === 0;
  if (seeded) {
    log("empty database: seeding the demo workspace (demo@example.com)");
    await seedDemo(db, { log });
  }
  return { appliedMigrations: migrations.applied, seeded };
}

const globalForStartup = globalThis as unknown as { processDatabasePrepared?: Promise<PreparedDatabase> };

/**
 * Start-up of a server process (database, background jobs, rate-limit store); a failure here stops
 * the start with the reason. Once per process:
 * the production server (server/http/serve.ts) and Next's instrumentation both ask for it, from
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
  startMaintenance(getDatabase);
  // Shared rate-limit counters are connected before the first request is served.
  await connectRateLimiters();
  return prepared;
}
