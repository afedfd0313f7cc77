"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useTRPC } from "../trpc-provider";
import { InsightsCard, UpcomingBillsCard } from "./attention-cards";
import { HOME_WALLETS, NetWorthCard, WalletsCard } from "./balance-cards";
import { BudgetsCard, RECENT_TRANSACTIONS, RecentTransactionsCard } from "./spending-cards";

const DISMISSED_KEY = "pfa-first-steps-dismissed";

/** Whether the person hid the first steps in this browser (for this workspace). */
function useDismissed(workspaceId: string | undefined): [boolean, () => void] {
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    setDismissed(window.localStorage.getItem(DISMISSED_KEY));
  }, []);
  const dismiss = () => {
    if (!workspaceId) return;
    window.localStorage.setItem(DISMISSED_KEY, workspaceId);
    setDismissed(workspaceId);
  };
  return [workspaceId !== undefined && dismissed === workspaceId, dismiss];
}

/**
 * What a new workspace does first: a wallet, a statement, categories; then a token. Shown, each step
 * ticked when done, until the first three are done or the person hides it.
 */
function FirstSteps() {
  const t = useTranslations("home.firstSteps");
  const trpc = useTRPC();
  const session = useQuery(trpc.auth.currentSession.queryOptions());
  // The same queries as the wallets and recent transactions cards: one request each for the page.
  const wallets = useQuery(trpc.wallets.list.queryOptions(HOME_WALLETS));
  const transactions = useQuery(trpc.transactions.list.queryOptions(RECENT_TRANSACTIONS));
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: false }));
  const [dismissed, dismiss] = useDismissed(session.data?.data.attributes.workspace.id);
  if (!wallets.data || !transactions.data || !categories.data || dismissed) return null;
  const done = {
    wallet: wallets.data.data.length > 0,
    transactions: (transactions.data.meta.total ?? 0) > 0,
    categorised: categories.data.categories.some((category) => category.tx_count > 0),
  };
  if (done.wallet && done.transactions && done.categorised) return null;
  const steps = [
    {
      done: done.wallet,
      content: t.rich("wallet", { link: (chunks) => <Link href="/wallets">{chunks}</Link> }),
    },
    {
      done: done.transactions,
      content: t.rich("import", { link: (chunks) => <Link href="/imports">{chunks}</Link> }),
    },
    {
      done: done.categorised,
      content: t.rich("categorise", {
        link: (chunks) => <Link href="/transactions?category=uncategorised">{chunks}</Link>,
      }),
    },
    {
      done: false,
      content: t.rich("token", { link: (chunks) => <Link href="/settings/tokens">{chunks}</Link> }),
    },
  ];
  return (
    <section className="card home-first-steps" aria-labelledby="first-steps-heading" data-testid="first-steps">
      <div className="home-card-header">
        <h2 id="first-steps-heading">{t("title")}</h2>
        <button type="button" className="button button-small" onClick={dismiss}>
          {t("hide")}
        </button>
      </div>
      <ol className="steps">
        {steps.map((step, index) => (
          <li key={index} className={step.done ? "step-done" : undefined}>
            {step.done ? <span className="badge badge-import-completed">{t("done")}</span> : null} {step.content}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The page after sign-in: where the money is, where it goes this month, and what needs attention. */
export function HomeView() {
  const t = useTranslations("home.view");
  return (
    <>
      <div className="page-heading">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted">{t("description")}</p>
        </div>
      </div>
      <FirstSteps />
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
