import type { Database } from "../../db";
import { SERVICE_VERSION } from "../../version";

export interface HealthReport {
  status: "ok" | "degraded";
  database: "ok" | "unavailable";
  version: string;
}

const DATABASE_TIMEOUT_MS = 3_000;

export async function checkHealth({ db }: { db: Database }): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  const answered = db.sql.query("SELECT 1").then(
    () => true,
    () => false,
  );
  const databaseOk = await Promise.race([answered, timedOut]).finally(() => clearTimeout(timer));
  return databaseOk
    ? { status: "ok", database: "ok", version: SERVICE_VERSION }
    : { status: "degraded", database: "unavailable", version: SERVICE_VERSION };
}
