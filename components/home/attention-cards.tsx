"use client";

/** The home page's cards on what needs attention: bills due soon and the month's insights. */
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { InsightList } from "../reports/insights-panel";
import { useTRPC } from "../trpc-provider";
import { addDays } from "@/server/domain/time/calendar";
import { useWorkspaceDay, useWorkspaceToday } from "../workspace-today";
import { HomeCard } from "./home-card";

const BILL_DAYS = 14;
const TOP_INSIGHTS = 3;

/** Active recurring expenses due within the next two weeks, soonest first. */
export function UpcomingBillsCard() {
  const t = useTranslations("home.bills");
  const trpc = useTRPC();
  const format = useFormat();
  const today = useWorkspaceToday();
  const horizon = addDays(today, BILL_DAYS);
  const rules = useQuery(trpc.recurringRules.list.queryOptions({ page: 1, limit: 200, status: "active" }));
  const bills = (rules.data?.data ?? [])
    .filter(
      (rule) =>
        rule.type === "expense" &&
        rule.next_occurrence_date !== null &&
        rule.next_occurrence_date >= today &&
        rule.next_occurrence_date <= horizon,
    )
    .sort(
      (a, b) =>
        (a.next_occurrence_date ?? "").localeCompare(b.next_occurrence_date ?? "") || a.name.localeCompare(b.name),
    );
  return (
    <HomeCard
      id="home-bills"
      title={t("title", { days: String(BILL_DAYS) })}
      more={{ href: "/recurring", label: t("more") }}
      query={rules}
    >
      {bills.length === 0 ? (
        <p className="empty">{t("empty", { days: String(BILL_DAYS) })}</p>
      ) : (
        <ul className="home-list">
          {bills.map((rule) => (
            <li key={rule.id}>
              <span className="home-list-date muted">{format.day(rule.next_occurrence_date)}</span>
              <span className="home-list-name">
                {rule.name}
                <span className="muted home-list-sub">{rule.account_name}</span>
              </span>
              <span className="money-cell">{format.money(rule.amount, rule.currency_code)}</span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/** The month's most urgent insights. */
export function InsightsCard() {
  const t = useTranslations("home.insights");
  const trpc = useTRPC();
  // The month is the workspace's: near a month's end the browser's may be another one.
  const day = useWorkspaceDay();
  const insights = useQuery({
    ...trpc.insights.list.queryOptions({ period: day.today.slice(0, 7) }),
    enabled: day.known,
  });
  const top = (insights.data?.insights ?? []).slice(0, TOP_INSIGHTS);
  return (
    <HomeCard id="home-insights" title={t("title")} more={{ href: "/reports", label: t("more") }} query={insights}>
      {top.length === 0 ? <p className="empty">{t("empty")}</p> : <InsightList insights={top} />}
    </HomeCard>
  );
}
