import { env } from "../env";
import { openDatabase, type Database } from "./client";

export type { Database, PrismaOrTransaction, SqlExecutor } from "./client";
export type { PrismaClient } from "./generated/prisma/client";

const globalForDb = globalThis as unknown as { databasePromise?: Promise<Database> };

/** The process-wide database, opened on first use from the environment. */
export function getDatabase(): Promise<Database> {
  globalForDb.databasePromise ??= openDatabase({
    url: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    poolSize: env.DATABASE_POOL_MAX,
  });
  return globalForDb.databasePromise;
}
