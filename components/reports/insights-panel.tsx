"use client";

import { QueryState } from "../page-parts";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { label } from "../planning/format";
import type { Insight, ReportQuery } from "./report-types";

type InsightsQuery = Omit<ReportQuery<never>, "data"> & { data?: { insights: Insight[] } };

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** One line from the figures behind an insight (payload amounts are decimal strings). */
function insightSummary(insight: Insight, format: Formatter): string {
  // Read by key: each type has its own payload (the Insight schema), read here with text() whatever it holds.
  const p = insight.payload as Record<string, unknown>;
  const money = (key: string, currencyKey = "currency_code") =>
    format.money(text(p[key]) || "0.00", text(p[currencyKey]));
  switch (insight.type) {
    case "anomaly":
      return `An expense of ${money("amount")} on ${format.day(text(p.date) || null)}, ${format.number(text(p.multiple))}x the usual ${money("median_amount")}.`;
    case "budget_overspend":
      return `${text(p.name)}: spent ${money("spent")} of ${money("available")} (${money("remaining")} left).`;
    case "budget_pace":
      return `${text(p.name)}: spent ${money("spent")}, ${money("expected_spend_to_date")} expected by now.`;
    case "goal_off_track":
      return p.overdue === true
        ? `${text(p.name) || "A goal"} is past its target date ${format.day(text(p.target_date) || null)}.`
        : `${text(p.name) || "A goal"} needs ${money("required_monthly")} a month, saving ${money("monthly_pace")}.`;
    case "upcoming_bill":
      return `${text(p.name) || "A bill"} of ${money("amount")} due ${format.day(text(p.due_date) || null)} (in ${text(p.days_until)} days).`;
    case "spending_spike":
      return `Spending of ${money("amount")} in one category, against a 3-month average of ${money("average_amount")}.`;
    case "income_drop":
      return `Income of ${money("amount")} is ${format.percent(text(p.share_percentage))} of the average ${money("average_amount")}.`;
    case "uncategorized_backlog":
      return `${text(p.count)} uncategorised transactions worth ${money("amount")}.`;
    default:
      return "";
  }
}

/** Insights as a list: priority, type and the one-line summary of each. */
export function InsightList({ insights }: { insights: readonly Insight[] }) {
  const format = useFormat();
  return (
    <ul className="insight-list">
      {insights.map((insight) => (
        <li key={insight.id}>
          <span className={`badge badge-priority-${insight.priority}`}>{insight.priority}</span>
          <span className="insight-type">{label(insight.type)}</span>
          <span className="insight-text">{insightSummary(insight, format)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Endpoint 9's insights for the chosen month, most urgent first. */
export function InsightsPanel({ period, query }: { period: string; query: InsightsQuery }) {
  const format = useFormat();
  const insights = query.data?.insights ?? [];
  return (
    <section className="card insights-panel" aria-labelledby="insights-heading" data-testid="insights-panel">
      <h2 id="insights-heading">Insights for {format.month(period)}</h2>
      <QueryState query={query} />
      {query.data && insights.length === 0 ? <p className="muted">Nothing stands out this month.</p> : null}
      {insights.length > 0 ? <InsightList insights={insights} /> : null}
    </section>
  );
}
