"use client";

import { ErrorNotice } from "../page-parts";
import { formatAmount, formatCalendarDay, formatMonth, label } from "../planning/format";
import type { Insight, ReportQuery } from "./report-types";

type InsightsQuery = Omit<ReportQuery<never>, "data"> & { data?: { insights: Insight[] } };

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** One line from the figures behind an insight (payload amounts are decimal strings). */
export function insightSummary(insight: Insight): string {
  const p = insight.payload;
  const money = (key: string, currencyKey = "currency_code") => formatAmount(text(p[key]) || "0.00", text(p[currencyKey]));
  switch (insight.type) {
    case "anomaly":
      return `An expense of ${money("amount")} on ${formatCalendarDay(text(p.date) || null)}, ${text(p.multiple)}x the usual ${money("median_amount")}.`;
    case "budget_overspend":
      return `${text(p.name)}: spent ${money("spent")} of ${money("available")} (${money("remaining")} left).`;
    case "budget_pace":
      return `${text(p.name)}: spent ${money("spent")}, ${money("expected_spend_to_date")} expected by now.`;
    case "goal_off_track":
      return p.overdue === true
        ? `${text(p.name) || "A goal"} is past its target date ${formatCalendarDay(text(p.target_date) || null)}.`
        : `${text(p.name) || "A goal"} needs ${money("required_monthly")} a month, saving ${money("monthly_pace")}.`;
    case "upcoming_bill":
      return `${text(p.name) || "A bill"} of ${money("amount")} due ${formatCalendarDay(text(p.due_date) || null)} (in ${text(p.days_until)} days).`;
    case "spending_spike":
      return `Spending of ${money("amount")} in one category, against a 3-month average of ${money("average_amount")}.`;
    case "income_drop":
      return `Income of ${money("amount")} is ${text(p.share_percentage)}% of the average ${money("average_amount")}.`;
    case "uncategorized_backlog":
      return `${text(p.count)} uncategorised transactions worth ${money("amount")}.`;
    default:
      return "";
  }
}

/** Endpoint 9's insights for the chosen month, most urgent first. */
export function InsightsPanel({ period, query }: { period: string; query: InsightsQuery }) {
  const insights = query.data?.insights ?? [];
  return (
    <section className="card insights-panel" aria-labelledby="insights-heading" data-testid="insights-panel">
      <h2 id="insights-heading">Insights for {formatMonth(period)}</h2>
      {query.isPending ? <p className="muted">Loading…</p> : null}
      <ErrorNotice error={query.error} />
      {query.data && insights.length === 0 ? <p className="muted">Nothing stands out this month.</p> : null}
      {insights.length > 0 ? (
        <ul className="insight-list">
          {insights.map((insight) => (
            <li key={insight.id}>
              <span className={`badge badge-priority-${insight.priority}`}>{insight.priority}</span>
              <span className="insight-type">{label(insight.type)}</span>
              <span className="insight-text">{insightSummary(insight)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
