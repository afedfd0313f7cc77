"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { useFormat } from "../locale/locale-provider";
import { amountClass, balanceClass } from "../money";
import { ErrorNotice } from "../page-parts";
import { Meter } from "../planning/fields";
import { label } from "../planning/format";
import { InsightList } from "../reports/insights-panel";
import { useTRPC } from "../trpc-provider";
import { addDays } from "@/server/domain/time/calendar";
import { useWorkspaceDay, useWorkspaceToday } from "../workspace-today";

const RECENT = 10;
const BILL_DAYS = 14;
const TOP_INSIGHTS = 3;
const STATUS_TONES = { on_track: "good", at_risk: "warn", over: "bad" } as const;

/** A section of the home page: a card with a heading, a link to the page behind it and its state while loading. */
function HomeCard({
  id,
  title,
  more,
  className,
  query,
  children,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  className?: string;
  query: { isPending: boolean; error: unknown };
  children: ReactNode;
}) {
  return (
    <section
      className={`card home-card${className ? ` ${className}` : ""}`}
      aria-labelledby={`${id}-heading`}
      data-testid={id}
    >
      <header className="home-card-header">
        <h2 id={`${id}-heading`}>{title}</h2>
        {more ? <Link href={more.href}>{more.label}</Link> : null}
      </header>
      {query.isPending ? <p className="muted">Loading…</p> : null}
      <ErrorNotice error={query.error} />
      {query.isPending || query.error ? null : children}
    </section>
  );
}

/** Net worth in the home currency, with the split per currency and what was left out. */
function NetWorthCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const worth = useQuery(trpc.manage.wallets.netWorth.queryOptions());
  const w = worth.data;
  return (
    <HomeCard id="net-worth" title="Net worth" className="home-net-worth" query={worth}>
      {w ? (
        <>
          <p className="home-figure">
            <strong
              className={balanceClass(w.amount)}
              data-testid="net-worth-amount"
              data-amount={w.amount}
              data-currency={w.currency.code}
            >
              {format.money(w.amount, w.currency.code)}
            </strong>
          </p>
          <p className="muted home-caption">
            Wallets included in net worth, in {w.currency.code} at today&apos;s exchange rates ({format.day(w.as_of)}).
          </p>
          {w.per_currency.length > 1 ? (
            <ul className="home-split" aria-label="By currency">
              {w.per_currency.map((entry) => (
                <li key={entry.currency_code} data-currency={entry.currency_code}>
                  <span className={balanceClass(entry.amount)}>{format.money(entry.amount, entry.currency_code)}</span>
                  {entry.currency_code !== w.currency.code ? (
                    <span className="muted">
                      {" "}
                      = {entry.home_amount === null ? "no rate" : format.money(entry.home_amount, w.currency.code)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {w.accounts_without_rate > 0 ? (
            <p className="field-hint">
              {w.accounts_without_rate === 1 ? "1 account has" : `${w.accounts_without_rate} accounts have`} no exchange
              rate to {w.currency.code} in the last 7 days and {w.accounts_without_rate === 1 ? "is" : "are"} left out.
            </p>
          ) : null}
        </>
      ) : null}
    </HomeCard>
  );
}

/** Each wallet's balance today, in the home currency. */
function WalletsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const wallets = useQuery(
    trpc.programmatic.wallets.list.queryOptions({ include_archived: "false", page: 1, limit: 100 }),
  );
  const list = wallets.data?.data ?? [];
  return (
    <HomeCard id="home-wallets" title="Wallets" more={{ href: "/wallets", label: "All wallets" }} query={wallets}>
      {list.length === 0 ? (
        <p className="empty">No wallets yet.</p>
      ) : (
        <ul className="home-list">
          {list.map((wallet) => (
            <li key={wallet.id}>
              <Link href={`/wallets/${wallet.id}`} className="home-list-name">
                {wallet.attributes.name}
              </Link>
              {wallet.attributes.include_net_worth ? null : (
                <span className="badge badge-inactive">not in net worth</span>
              )}
              <span className={balanceClass(wallet.attributes.total_balance)}>
                {format.money(wallet.attributes.total_balance, wallet.attributes.total_balance_currency.code)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </HomeCard>
  );
}

/** The current period of each active budget: spent against available, with the pace. */
function BudgetsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const budgets = useQuery(trpc.programmatic.budgets.list.queryOptions({ page: 1, limit: 200, active: "true" }));
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
function RecentTransactionsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const recent = useQuery(trpc.programmatic.transactions.list.queryOptions({ page: 1, limit: RECENT }));
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

/** Active recurring expenses due within the next two weeks, soonest first. */
function UpcomingBillsCard() {
  const trpc = useTRPC();
  const format = useFormat();
  const today = useWorkspaceToday();
  const horizon = addDays(today, BILL_DAYS);
  const rules = useQuery(trpc.programmatic.recurringRules.list.queryOptions({ page: 1, limit: 200, status: "active" }));
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
      title={`Bills in the next ${BILL_DAYS} days`}
      more={{ href: "/recurring", label: "Recurring" }}
      query={rules}
    >
      {bills.length === 0 ? (
        <p className="empty">No recurring bills due in the next {BILL_DAYS} days.</p>
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
function InsightsCard() {
  const trpc = useTRPC();
  // The month is the workspace's: near a month's end the browser's may be another one.
  const day = useWorkspaceDay();
  const insights = useQuery({
    ...trpc.programmatic.insights.list.queryOptions({ period: day.today.slice(0, 7) }),
    enabled: day.known,
  });
  const top = (insights.data?.insights ?? []).slice(0, TOP_INSIGHTS);
  return (
    <HomeCard id="home-insights" title="Insights" more={{ href: "/reports", label: "Reports" }} query={insights}>
      {top.length === 0 ? <p className="empty">Nothing stands out this month.</p> : <InsightList insights={top} />}
    </HomeCard>
  );
}

/** What a new workspace does first: a wallet, a statement, a token. */
function FirstSteps() {
  return (
    <section className="card home-first-steps" aria-labelledby="first-steps-heading" data-testid="first-steps">
      <h2 id="first-steps-heading">First steps</h2>
      <ol className="steps">
        <li>
          <Link href="/wallets">Create a wallet</Link> for your bank account, card or cash, with its opening balance.
        </li>
        <li>
          <Link href="/imports">Import a statement</Link> from your bank (CSV, Excel, OFX, QFX, MT940, CAMT or QIF).
        </li>
        <li>
          <Link href="/settings/tokens">Create an access token</Link> to reach your data from scripts or an AI
          assistant.
        </li>
      </ol>
    </section>
  );
}

/** The page after sign-in: where the money is, where it goes this month, and what needs attention. */
export function HomeView() {
  const trpc = useTRPC();
  const wallets = useQuery(
    trpc.programmatic.wallets.list.queryOptions({ include_archived: "false", page: 1, limit: 100 }),
  );
  const empty = wallets.data !== undefined && wallets.data.data.length === 0;
  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Overview</h1>
          <p className="muted">Your money today, this period&apos;s budgets and what is coming up.</p>
        </div>
      </div>
      {empty ? <FirstSteps /> : null}
      <div className="home-grid">
        <NetWorthCard />
        <WalletsCard />
        <BudgetsCard />
        <RecentTransactionsCard />
        <UpcomingBillsCard />
        <InsightsCard />
      </div>
    </>
  );
}
