import Link from "next/link";
import { useTranslations } from "next-intl";
import { isRunning, type ImportJob } from "./import-types";
import { StatementReconcile } from "./statement-reconcile";

/** What booking the import came to: queued or running, failed, or the counts of a completed one. */
export function ImportOutcome({ job }: { job: ImportJob }) {
  const t = useTranslations("imports.outcome");
  const { status, imported_count, skipped_count, skipped_existing_count, error_count, error_message } = job.attributes;
  if (isRunning(status)) {
    return (
      <p role="status" className="notice notice-info">
        {status === "queued" ? t("queued") : t("importing")}
      </p>
    );
  }
  if (status === "failed")
    return (
      <p role="alert" className="notice notice-error">
        {error_message === null ? t("failedUnknown") : t("failed", { message: error_message })}
      </p>
    );
  if (status !== "completed") return null;
  return (
    <div role="status" className="notice notice-success">
      <strong>{t("completed")}</strong>
      <dl className="figures import-result">
        <div className="figure">
          <dt>{t("imported")}</dt>
          <dd>{imported_count}</dd>
        </div>
        <div className="figure">
          <dt>{t("skipped")}</dt>
          <dd>{t("skippedDetail", { skipped: String(skipped_count), existing: String(skipped_existing_count) })}</dd>
        </div>
        <div className="figure">
          <dt>{t("errors")}</dt>
          <dd>{error_count}</dd>
        </div>
      </dl>
      {imported_count > 0 ? (
        <p>
          <Link href={`/transactions?import=${job.id}`}>
            {t("seeTransactions", { count: imported_count, shown: String(imported_count) })}
          </Link>
        </p>
      ) : null}
      {imported_count > 0
        ? job.attributes.closing_balances.map((closing) => (
            <StatementReconcile key={closing.account_id} closing={closing} />
          ))
        : null}
    </div>
  );
}
