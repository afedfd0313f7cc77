"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { QueryState } from "../page-parts";
import { useFormat } from "../locale/locale-provider";
import { ExportButtons, tableDownload, type ExportTable } from "../export-buttons";
import { PLAN_MONTHS } from "@/server/domain/reports/plan-months";
import type { ReportWindow } from "./report-types";

type Query = { isPending: boolean; isError: boolean; error: unknown };

/** A report's frame: heading, the window it covers, its loading / error states, and its figures' export. */
export function ReportCard({
  testId,
  title,
  what,
  description,
  window,
  query,
  wide,
  table,
  children,
}: {
  testId: string;
  title: string;
  /** The report named inside a sentence, for its export buttons ("Export cash flow as CSV"). */
  what: string;
  description: string;
  window?: ReportWindow;
  query: Query;
  wide?: boolean;
  /** The report's figures as its CSV / XLSX export holds them; none while it loads or fails. */
  table?: ExportTable | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`card report-card${wide ? " report-wide" : ""}`}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <h2 id={headingId}>{title}</h2>
      <p className="muted report-description">{description}</p>
      {window ? <WindowNote window={window} /> : null}
      <QueryState query={query} />
      {!query.isPending && !query.isError ? children : null}
      {table && window && table.rows.length > 0 ? (
        <ExportButtons what={what} file={(format) => tableDownload(table, format, window.as_of)} />
      ) : null}
    </section>
  );
}

function WindowNote({ window }: { window: ReportWindow }) {
  const t = useTranslations("reports.card");
  const format = useFormat();
  return (
    <p className="report-window" data-testid="report-window">
      {t("window", {
        count: window.applied_months,
        date: format.day(window.earliest_visible_date),
        range: window.requested_range,
        plan: window.plan,
      })}
      {window.truncated_by_plan ? (
        <span className="report-truncated">
          {" "}
          {t("truncated", {
            plan: window.plan,
            months: String(PLAN_MONTHS[window.plan as keyof typeof PLAN_MONTHS]),
            plusMonths: String(PLAN_MONTHS.plus),
            proMonths: String(PLAN_MONTHS.pro),
          })}
        </span>
      ) : null}
    </p>
  );
}
