import { classifyDatabaseFailure } from "../db/errors";
import { logger } from "../logger";

/**
 * How a background loop reports its passes: an unreachable database is a warning, once per outage
 * (every pass retries, so one line says it all), and its end is noted; any other failure is an error.
 */
export function createPassLog(name: string): { succeeded(): void; failed(error: unknown): void } {
  let databaseDown = false;
  return {
    succeeded() {
      if (!databaseDown) return;
      databaseDown = false;
      logger.info(`${name}: the database answers again`);
    },
    failed(error) {
      if (classifyDatabaseFailure(error) !== "unavailable") {
        logger.error({ err: error }, `${name} failed`);
        return;
      }
      if (!databaseDown) logger.warn({ err: error }, `${name}: database unreachable; retrying on every pass`);
      databaseDown = true;
    },
  };
}
