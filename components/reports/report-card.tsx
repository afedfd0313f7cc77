"use client";

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
  description,
  window,
  query,
  wide,
  table,
  children,
}: {
  testId: string;
  title: string;
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
        <ExportButtons what={title.toLowerCase()} file={(format) => tableDownload(table, format, window.as_of)} />
      ) : null}
    </section>
  );
}

function WindowNote({ window }: { window: ReportWindow }) {
  const format = useFormat();
  const months = `${window.applied_months} month${window.applied_months === 1 ? "" : "s"}`;
  return (
    <p className="report-window" data-testid="report-window">
      {months} from {format.day(window.earliest_visible_date)} ({window.requested_range} range, {window.plan} plan)
      {window.truncated_by_plan ? (
        <span className="report-truncated">
          {" "}
          · Older months are cut off: the workspace&apos;s {window.plan} plan shows{" "}
          {PLAN_MONTHS[window.plan as keyof typeof PLAN_MONTHS]} months of history (plus {PLAN_MONTHS.plus}, pro{" "}
          {PLAN_MONTHS.pro}). On a service you run yourself, NEW_WORKSPACE_PLAN=pro gives new workspaces 10 years
          (docs/api.md, &ldquo;Reports&rdquo;).
        </span>
      ) : null}
    </p>
  );
}
