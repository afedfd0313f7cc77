import type { Database } from "../../db";
import { SERVICE_VERSION } from "../../version";

export interface HealthReport {
  status: "ok" | "degraded";
  database: "ok" | "unavailable";
  version: string;
}

const DATABASE_TIMEOUT_MS = 3_000;

export async function checkHealth({ db }: { db: Database }): Promise<HealthReport> {
  const databaseOk = await Promise.race([
    db.sql.query("SELECT 1").then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS).unref()),
  ]);
  return databaseOk
    ? { status: "ok", database: "ok", version: SERVICE_VERSION }
    : { status: "degraded", database: "unavailable", version: SERVICE_VERSION };
}
