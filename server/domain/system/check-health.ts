import type { Db } from "../../db";
import { rateLimitStore, type RateLimitStore } from "../../rate-limit";
import { SERVICE_VERSION } from "../../version";

export interface HealthReport {
  /** "draining": this instance is shutting down (SIGTERM) and answers 503 so a load balancer moves on. */
  status: "ok" | "degraded" | "draining";
  database: "ok" | "unavailable";
  /** Where rate-limit counters are kept (server/rate-limit.ts `rateLimitStore`). */
  rate_limit_store: RateLimitStore;
  version: string;
}

const DATABASE_TIMEOUT_MS = 3_000;

/** `draining`: the process is shutting down (the server's shutdown state, passed in by the caller). */
export async function checkHealth({ db, draining = false }: { db: Db; draining?: boolean }): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  const answered = db.sql.query("SELECT 1").then(
    () => true,
    () => false,
  );
  const databaseOk = await Promise.race([answered, timedOut]).finally(() => clearTimeout(timer));
  const status = draining ? "draining" : databaseOk ? "ok" : "degraded";
  return {
    status,
    database: databaseOk ? "ok" : "unavailable",
    rate_limit_store: rateLimitStore(),
    version: SERVICE_VERSION,
  };
}
