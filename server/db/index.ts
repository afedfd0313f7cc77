import { env } from "../env";
import { openDatabase, type Database } from "./client";

export type { Database, SqlExecutor } from "./client";
export type { PrismaClient } from "./generated/prisma/client";

const globalForDb = globalThis as unknown as { databasePromise?: Promise<Database> };

/** The process-wide database, opened on first use from the environment. */
export function getDatabase(): Promise<Database> {
  globalForDb.databasePromise ??= openDatabase({ url: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, poolSize: env.DATABASE_POOL_MAX });
  return globalForDb.databasePromise;
}

/** A Prisma client or an interactive transaction: domain functions that write accept either. */
export type Db = import("./generated/prisma/client").PrismaClient | import("./generated/prisma/client").Prisma.TransactionClient;
