"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../trpc-provider";
import { InsightsCard, UpcomingBillsCard } from "./attention-cards";
import { NetWorthCard, WalletsCard } from "./balance-cards";
import { BudgetsCard, RecentTransactionsCard } from "./spending-cards";

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
  const wallets = useQuery(trpc.wallets.list.queryOptions({ include_archived: "false", page: 1, limit: 100 }));
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
