"use client";

import Link from "next/link";
import { useFormat } from "../locale/locale-provider";
import { label } from "../planning/format";
import { ReportCard } from "./report-card";
import { recurringTable } from "./report-tables";
import type { RecurringReport, ReportQuery } from "./report-types";

type Detected = RecurringReport["attributes"]["detected"][number];

/** The recurring page's new-rule form, prefilled from the suggestion through the query string. */
function createRuleHref(item: Detected): string {
  const expense = item.avg_amount.startsWith("-");
  const params = new URLSearchParams({
    new: "1",
    name: item.suggested_name,
    type: expense ? "expense" : "income",
    kind: item.suggested_action === "create_subscription" ? "subscription" : "rule",
    amount: item.avg_amount.replace(/^-/, ""),
    frequency: item.frequency,
    pattern: item.description_pattern,
  });
  return `/recurring?${params.toString()}`;
}

/** Endpoint 17: series of income or expenses that no recurring rule tracks yet. */
export function RecurringDetectionCard({ query }: { query: ReportQuery<RecurringReport> }) {
  const format = useFormat();
  const report = query.data?.data;
  const attributes = report?.attributes;
  const home = attributes?.total_estimated_monthly_agg.home_converted.currency_code ?? "";

  return (
    <ReportCard
      testId="report-recurring-detection"
      title="Recurring detection"
      query={query}
      window={report?.window}
      table={attributes ? recurringTable(attributes) : null}
      description="Payments that repeat on a cadence but no recurring rule tracks yet."
    >
      {attributes && attributes.detected.length === 0 ? (
        <p className="empty">No untracked recurring payments found: every series is covered by a recurring rule.</p>
      ) : null}
      {attributes && attributes.detected.length > 0 ? (
        <>
          <p className="muted report-footnote">
            Detected expenses come to about{" "}
            {format.money(attributes.total_estimated_monthly_agg.home_converted.amount, home)} a month.
          </p>
          <ul className="report-list">
            {attributes.detected.map((item) => (
              <li key={`${item.description_pattern}:${item.avg_amount}`}>
                <div>
                  <span className="row-title">{item.suggested_name}</span>
                  <span className="row-detail">
                    {format.money(item.avg_amount, home)} · {label(item.frequency)} · {item.count} times, last{" "}
                    {format.day(item.last_date)}
                  </span>
                </div>
                <Link
                  className="button button-small"
                  href={createRuleHref(item)}
                  aria-label={`Create rule for ${item.suggested_name}`}
                >
                  Create rule
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </ReportCard>
  );
}
