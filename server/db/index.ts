import { readFileSync } from "node:fs";
import { env } from "../env";
import { openDatabase, type Database } from "./client";

export type { Database, Db } from "./client";

const globalForDb = globalThis as unknown as { databasePromise?: Promise<Database> };

/** The process-wide database, opened on first use from the environment. */
export function getDatabase(): Promise<Database> {
  globalForDb.databasePromise ??= openDatabase({
    url: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    poolSize: env.DATABASE_POOL_MAX,
    pgliteTemplate: env.PFA_TEST_PGLITE_TEMPLATE ? new Blob([readFileSync(env.PFA_TEST_PGLITE_TEMPLATE)]) : undefined,
  });
  return globalForDb.databasePromise;
}
