import { plural } from "../format";
import { STATUS_LABELS, type ImportJob } from "./import-types";

/** The import's file, account and status, its preview counts, and the first notes on how the file was read. */
export function ImportSummary({
  attributes,
  accountName,
  pending,
}: {
  attributes: ImportJob["attributes"];
  accountName: string;
  pending: boolean;
}) {
  const counts = attributes.preview_counts;
  return (
    <>
      <div className="plan-card-header">
        <div>
          <h2 id="import-review-title">{attributes.file_name}</h2>
          <p className="muted small import-subtitle">
            {accountName} · {attributes.file_type.toUpperCase()}
            {attributes.bank_name ? ` · ${attributes.bank_name}` : ""}
          </p>
        </div>
        <span className={`badge badge-import-${attributes.status}`}>{STATUS_LABELS[attributes.status]}</span>
      </div>

      {attributes.status === "completed" || attributes.status === "reverted" ? (
        // Once booked, what the preview proposed is history: the counts are what the booking did.
        <p className="import-counts" aria-label="Booking counts">
          <span>{plural(attributes.total_rows, "row", "rows")}</span>
          <span>{attributes.imported_count} booked</span>
          <span>{attributes.skipped_count} skipped</span>
          <span className={attributes.error_count > 0 ? "count-error" : undefined}>
            {plural(attributes.error_count, "problem", "problems")}
          </span>
        </p>
      ) : (
        <p className="import-counts" aria-label="Preview counts">
          <span>{plural(attributes.total_rows, "row", "rows")}</span>
          <span>{counts.new} new</span>
          <span className={counts.duplicate > 0 ? "count-warning" : undefined}>
            {plural(counts.duplicate, "duplicate", "duplicates")}
          </span>
          <span className={counts.invalid > 0 ? "count-error" : undefined}>
            {plural(counts.invalid, "problem", "problems")}
          </span>
          {counts.pre_opening > 0 ? (
            <span className="count-info">{counts.pre_opening} before the opening date</span>
          ) : null}
        </p>
      )}

      {attributes.warnings.length > 0 && pending ? (
        <div className="notice notice-info small" aria-label="How the file was read">
          <ul className="reading-warnings">
            {attributes.warnings.slice(0, 5).map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          {attributes.warnings.length > 5 ? (
            <p className="muted">…and {attributes.warnings.length - 5} more notes.</p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
