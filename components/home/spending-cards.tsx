"use client";

/** The home page's cards on where the money goes: this period's budgets and the newest transactions. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { Meter } from "../planning/fields";
import { useTRPC } from "../trpc-provider";
import { HomeCard } from "./home-card";

/** The recent transactions card's query (first steps read the same answer's total). */
export const RECENT_TRANSACTIONS = { page: 1, limit: 10 };
const STATUS_TONES = { on_track: "good", at_risk: "warn", over: "bad" } as const;

/** The current period of each active budget: spent against available, with the pace. */
export function BudgetsCard() {
  const t = useTranslations("home.budgets");
  const trpc = useTRPC();
  const format = useFormat();
  const budgets = useQuery(trpc.budgets.list.queryOptions({ page: 1, limit: 200, active: "true" }));
  const list = budgets.data?.data ?? [];
  return (
    <HomeCard id="home-budgets" title={t("title")} more={{ href: "/budgets", label: t("more") }} query={budgets}>
      {list.length === 0 ? (
        <p className="empty">{t.rich("empty", { link: (chunks) => <Link href="/budgets">{chunks}</Link> })}</p>
      ) : (
        <ul className="home-list home-budgets">
          {list.map((budget) => {
            const a = budget.attributes;
            const p = a.current_period;
            return (
              <li key={budget.id}>
                <div className="home-budget-line">
                  <span className="home-list-name">{a.name}</span>
                  <span className={`badge badge-${p.status}`}>{t("status", { status: p.status })}</span>
                  <span className="money-cell">
                    {t.rich("spentOf", {
                      spent: format.money(p.spent, a.currency.code),
                      available: format.money(p.available, a.currency.code),
                      muted: (chunks) => <span className="muted">{chunks}</span>,
                    })}
                  </span>
                </div>
                <Meter
                  percent={p.spent_percentage}
                  label={t("spent", { name: a.name })}
                  tone={STATUS_TONES[p.status]}
                />
                <p className="muted home-caption">
                  {p.expected_spend_to_date === null
                    ? t("day", { elapsed: String(p.days_elapsed), total: String(p.days_total) })
                    : t("dayExpected", {
                        elapsed: String(p.days_elapsed),
                        total: String(p.days_total),
                        expected: format.money(p.expected_spend_to_date, a.currency.code),
                      })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </HomeCard>
  );
}

/** The newest transactions. */
export function RecentTransactionsCard() {
  const t = useTranslations("home.transactions");
  const trpc = useTRPC();
  const format = useFormat();
  const recent = useQuery(trpc.transactions.list.queryOptions(RECENT_TRANSACTIONS));
  const list = recent.data?.data ?? [];
  return (
    <HomeCard
      id="home-transactions"
      title={t("title")}
      more={{ href: "/transactions", label: t("more") }}
      query={recent}
    >
      {list.length === 0 ? (
        <p className="empty">{t("empty")}</p>
      ) : (
        <ul className="home-list home-transactions">
          {list.map((row) => (
            <li key={row.id}>
              <span className="home-list-date muted">{format.day(row.date)}</span>
              <span className="home-list-name">
                {row.description}
                <span className="muted home-list-sub">
                  {row.type === "transfer" ? t("transfer") : (row.category_name ?? t("uncategorised"))}
                </span>
              </span>
              <span className={amountClass(row.amount)}>{format.money(row.amount, row.currency_code)}</span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}
