import Link from "next/link";
import { isRunning, type ImportJob } from "./import-types";

/** What booking the import came to: queued or running, failed, or the counts of a completed one. */
export function ImportOutcome({ job }: { job: ImportJob }) {
  const { status, imported_count, skipped_count, skipped_existing_count, error_count, error_message } = job.attributes;
  if (isRunning(status)) {
    return (
      <p role="status" className="notice notice-info">
        {status === "queued"
          ? "Queued: the transactions are created in a moment…"
          : "Importing: creating the transactions…"}
      </p>
    );
  }
  if (status === "failed")
    return (
      <p role="alert" className="notice notice-error">
        The import failed: {error_message ?? "unknown error"}
      </p>
    );
  if (status !== "completed") return null;
  return (
    <div role="status" className="notice notice-success">
      <strong>Import completed.</strong>
      <dl className="figures import-result">
        <div className="figure">
          <dt>Imported</dt>
          <dd>{imported_count}</dd>
        </div>
        <div className="figure">
          <dt>Skipped</dt>
          <dd>
            {skipped_count} ({skipped_existing_count} already booked)
          </dd>
        </div>
        <div className="figure">
          <dt>Errors</dt>
          <dd>{error_count}</dd>
        </div>
      </dl>
      {imported_count > 0 ? (
        <p>
          <Link href={`/transactions?import=${job.id}`}>
            See the {imported_count === 1 ? "transaction" : `${imported_count} transactions`} it booked
          </Link>
        </p>
      ) : null}
    </div>
  );
}
