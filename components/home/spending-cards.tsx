"use client";

/** The home page's cards on where the money goes: this period's budgets and the newest transactions. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormat } from "../locale/locale-provider";
import { amountClass } from "../money";
import { Meter } from "../planning/fields";
import { label } from "../planning/format";
import { useTRPC } from "../trpc-provider";
import { HomeCard } from "./home-card";

/** The recent transactions card's query (first steps read the same answer's total). */
export const RECENT_TRANSACTIONS = { page: 1, limit: 10 };
const STATUS_TONES = { on_track: "good", at_risk: "warn", over: "bad" } as const;

/** The current period of each active budget: spent against available, with the pace. */
export function BudgetsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const budgets = useQuery(trpc.budgets.list.queryOptions({ page: 1, limit: 200, active: "true" }));
  const list = budgets.data?.data ?? [];
  return (
    <HomeCard
      id="home-budgets"
      title="Budgets this period"
      more={{ href: "/budgets", label: "All budgets" }}
      query={budgets}
    >
      {list.length === 0 ? (
        <p className="empty">
          No active budgets. <Link href="/budgets">Set one up</Link> to see your spending against it here.
        </p>
      ) : (
        <ul className="home-list home-budgets">
          {list.map((budget) => {
            const a = budget.attributes;
            const p = a.current_period;
            return (
              <li key={budget.id}>
                <div className="home-budget-line">
                  <span className="home-list-name">{a.name}</span>
                  <span className={`badge badge-${p.status}`}>{label(p.status)}</span>
                  <span className="money-cell">
                    {format.money(p.spent, a.currency.code)}{" "}
                    <span className="muted">of {format.money(p.available, a.currency.code)}</span>
                  </span>
                </div>
                <Meter percent={p.spent_percentage} label={`${a.name} spent`} tone={STATUS_TONES[p.status]} />
                <p className="muted home-caption">
                  Day {p.days_elapsed} of {p.days_total}
                  {p.expected_spend_to_date === null
                    ? ""
                    : ` · ${format.money(p.expected_spend_to_date, a.currency.code)} expected by today`}
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
  const trpc = useTRPC();
  const format = useFormat();
  const recent = useQuery(trpc.transactions.list.queryOptions(RECENT_TRANSACTIONS));
  const list = recent.data?.data ?? [];
  return (
    <HomeCard
      id="home-transactions"
      title="Recent transactions"
      more={{ href: "/transactions", label: "All transactions" }}
      query={recent}
    >
      {list.length === 0 ? (
        <p className="empty">No transactions yet.</p>
      ) : (
        <ul className="home-list home-transactions">
          {list.map((row) => (
            <li key={row.id}>
              <span className="home-list-date muted">{format.day(row.date)}</span>
              <span className="home-list-name">
                {row.description}
                <span className="muted home-list-sub">
                  {row.type === "transfer" ? "Transfer" : (row.category_name ?? "Uncategorised")}
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
