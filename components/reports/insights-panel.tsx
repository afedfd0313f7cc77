"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { QueryState } from "../page-parts";
import { useTRPC } from "../trpc-provider";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { insightTransactionsHref } from "./insight-links";
import type { Insight, ReportQuery } from "./report-types";

type InsightsQuery = Omit<ReportQuery<never>, "data"> & { data?: { insights: Insight[] } };

type InsightsTranslator = ReturnType<typeof useTranslations<"reports.insights">>;

const text = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** One line from the figures behind an insight (payload amounts are decimal strings); `category` names the payload's. */
export function insightSummary(
  insight: Insight,
  format: Formatter,
  t: InsightsTranslator,
  category: string | null,
): string {
  // Read by key: each type has its own payload (the Insight schema), read here with text() whatever it holds.
  const p = insight.payload as Record<string, unknown>;
  const money = (key: string, currencyKey = "currency_code") =>
    format.money(text(p[key]) || "0.00", text(p[currencyKey]));
  const name = text(p.name);
  // Who the money went to, when the insight names someone (an anomaly's payee, a spike's largest merchant).
  const merchant = (key: string) => ({ hasMerchant: text(p[key]) ? "yes" : "no", merchant: text(p[key]) });
  switch (insight.type) {
    case "anomaly": {
      const figures = {
        ...merchant("merchant"),
        amount: money("amount"),
        date: format.day(text(p.date) || null),
        multiple: format.number(text(p.multiple)),
        median: money("median_amount"),
      };
      return category ? t("anomalyIn", { ...figures, category }) : t("anomaly", figures);
    }
    case "budget_overspend":
      return t("budgetOverspend", {
        name,
        spent: money("spent"),
        available: money("available"),
        remaining: money("remaining"),
      });
    case "budget_pace":
      return t("budgetPace", { name, spent: money("spent"), expected: money("expected_spend_to_date") });
    case "goal_off_track": {
      if (p.overdue === true) {
        const date = format.day(text(p.target_date) || null);
        return name ? t("goalOverdue", { name, date }) : t("goalOverdueUnnamed", { date });
      }
      const pace = { required: money("required_monthly"), pace: money("monthly_pace") };
      return name ? t("goalBehind", { name, ...pace }) : t("goalBehindUnnamed", pace);
    }
    case "upcoming_bill": {
      const bill = {
        amount: money("amount"),
        date: format.day(text(p.due_date) || null),
        days: Number(text(p.days_until)) || 0,
      };
      return name ? t("upcomingBill", { name, ...bill }) : t("upcomingBillUnnamed", bill);
    }
    case "spending_spike": {
      const figures = {
        ...merchant("top_merchant"),
        merchantAmount: money("top_merchant_amount"),
        amount: money("amount"),
        average: money("average_amount"),
      };
      return category ? t("spendingSpikeIn", { ...figures, category }) : t("spendingSpike", figures);
    }
    case "income_drop":
      return t("incomeDrop", {
        amount: money("amount"),
        share: format.percent(text(p.share_percentage)),
        average: money("average_amount"),
      });
    case "uncategorized_backlog":
      return t("uncategorizedBacklog", {
        count: Number(text(p.count)) || 0,
        shown: text(p.count),
        amount: money("amount"),
      });
    default:
      return "";
  }
}

/** Insights as a list: priority, type, the one-line summary of each (naming its category) and a link to its transactions. */
export function InsightList({ insights }: { insights: readonly Insight[] }) {
  const t = useTranslations("reports.insights");
  const format = useFormat();
  const trpc = useTRPC();
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  const categoryOf = (insight: Insight): string | null => {
    const id = (insight.payload as Record<string, unknown>).category_id;
    if (id === null && insight.type === "spending_spike") return t("uncategorised");
    return typeof id === "string" ? (categories.data?.categories.find((item) => item.id === id)?.name ?? null) : null;
  };
  return (
    <ul className="insight-list">
      {insights.map((insight) => {
        const transactions = insightTransactionsHref(insight);
        return (
          <li key={insight.id}>
            <span className={`badge badge-priority-${insight.priority}`}>
              {t("priority", { priority: insight.priority })}
            </span>
            <span className="insight-type">{t("type", { type: insight.type })}</span>
            <span className="insight-text">{insightSummary(insight, format, t, categoryOf(insight))}</span>
            {transactions ? (
              <Link className="insight-link" href={transactions}>
                {t("transactions")}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Endpoint 9's insights for the chosen month, most urgent first. */
export function InsightsPanel({ period, query }: { period: string; query: InsightsQuery }) {
  const t = useTranslations("reports.insights");
  const format = useFormat();
  const insights = query.data?.insights ?? [];
  return (
    <section className="card insights-panel" aria-labelledby="insights-heading" data-testid="insights-panel">
      <h2 id="insights-heading">{t("heading", { month: format.month(period) })}</h2>
      <QueryState query={query} />
      {query.data && insights.length === 0 ? <p className="muted">{t("empty")}</p> : null}
      {insights.length > 0 ? <InsightList insights={insights} /> : null}
    </section>
  );
}
