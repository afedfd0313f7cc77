/** The `data` of the import.* webhook events (server/domain/webhooks/events.ts), from the job as it is then. */
import type { ImportJob } from "../../db/generated/prisma/client";

type JobFigures = Pick<ImportJob, "id" | "accountId" | "status" | "totalRows" | "errorCount" | "previewVersion">;

/** import.parsed: the preview is ready (status parsed, or needs_input when the upload must say more). */
export function parsedEventData(job: JobFigures) {
  return {
    import_id: job.id,
    account_id: job.accountId,
    status: job.status,
    total_rows: job.totalRows,
    error_count: job.errorCount,
    preview_version: job.previewVersion,
  };
}
