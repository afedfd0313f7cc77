import { useTranslations } from "next-intl";
import type { ImportJob } from "./import-types";

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
  const t = useTranslations("imports");
  const counts = attributes.preview_counts;
  const counted = (count: number) => ({ count, shown: String(count) });
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
        <span className={`badge badge-import-${attributes.status}`}>{t("status", { status: attributes.status })}</span>
      </div>

      {attributes.status === "completed" || attributes.status === "reverted" ? (
        // Once booked, what the preview proposed is history: the counts are what the booking did.
        <p className="import-counts" aria-label={t("summary.bookingCounts")}>
          <span>{t("summary.rows", counted(attributes.total_rows))}</span>
          <span>{t("summary.booked", { count: String(attributes.imported_count) })}</span>
          <span>{t("summary.skipped", { count: String(attributes.skipped_count) })}</span>
          <span className={attributes.error_count > 0 ? "count-error" : undefined}>
            {t("summary.problems", counted(attributes.error_count))}
          </span>
        </p>
      ) : (
        <p className="import-counts" aria-label={t("summary.previewCounts")}>
          <span>{t("summary.rows", counted(attributes.total_rows))}</span>
          <span>{t("summary.new", { count: String(counts.new) })}</span>
          <span className={counts.duplicate > 0 ? "count-warning" : undefined}>
            {t("summary.duplicates", counted(counts.duplicate))}
          </span>
          <span className={counts.invalid > 0 ? "count-error" : undefined}>
            {t("summary.problems", counted(counts.invalid))}
          </span>
          {counts.pre_opening > 0 ? (
            <span className="count-info">{t("summary.preOpening", { count: String(counts.pre_opening) })}</span>
          ) : null}
        </p>
      )}

      {attributes.warnings.length > 0 && pending ? (
        <div className="notice notice-info small" aria-label={t("summary.readingNotes")}>
          <ul className="reading-warnings">
            {attributes.warnings.slice(0, 5).map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
          {attributes.warnings.length > 5 ? (
            <p className="muted">{t("summary.moreNotes", counted(attributes.warnings.length - 5))}</p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
